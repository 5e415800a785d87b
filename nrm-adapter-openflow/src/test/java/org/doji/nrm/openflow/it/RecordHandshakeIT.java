package org.doji.nrm.openflow.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.doji.nrm.openflow.controller.SwitchClient;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.types.U32;
import org.junit.jupiter.api.Test;

/**
 * Records what a real switch (of-e1) sends during an OpenFlow 1.3 handshake: HELLO, FEATURES_REPLY,
 * PORT_DESC reply, and its answer to an ECHO_REQUEST and to a bad FLOW_MOD. Only with -Ddoji.record=true.
 */
class RecordHandshakeIT {

    @Test
    void record() throws IOException {
        assumeTrue(Boolean.getBoolean("doji.record"), "recording only with -Ddoji.record=true");
        Ovs.requireRunning();
        List<String> lines = new ArrayList<>();
        // built before the switch connects: it gives up if our HELLO takes longer than its backoff (1 s)
        byte[] hello = bytes(SwitchClient.FACTORY.buildHello().setXid(1).setElements(List.of(SwitchClient.FACTORY
                .buildHelloElemVersionbitmap().setBitmaps(List.of(U32.of(1L << 4))).build())).build());
        byte[] features = bytes(SwitchClient.FACTORY.buildFeaturesRequest().setXid(2).build());
        byte[] portDesc = bytes(SwitchClient.FACTORY.buildPortDescStatsRequest().setXid(3).build());
        byte[] echo = bytes(SwitchClient.FACTORY.buildEchoRequest().setXid(4).setData(new byte[] {1, 2, 3}).build());
        byte[] badFlow = bytes(SwitchClient.FACTORY.buildFlowAdd().setXid(5).setInstructions(List.of(
                SwitchClient.FACTORY.instructions().buildMeter().setMeterId(4242).build())).build());
        byte[] barrier = bytes(SwitchClient.FACTORY.buildBarrierRequest().setXid(6).build());
        ByteBufUtil.hexDump(hello);
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            server.setSoTimeout(20_000);
            Ovs.run("ovs-vsctl", "set-controller", "of-e1", "tcp:127.0.0.1:" + server.getLocalPort());
            try (Socket s = server.accept()) {
                s.setSoTimeout(10_000);
                DataInputStream in = new DataInputStream(s.getInputStream());
                OutputStream out = s.getOutputStream();
                lines.add("hello " + read(in));
                write(out, hello);
                write(out, features);
                lines.add("features " + readSkippingEcho(in, out));
                write(out, portDesc);
                lines.add("portdesc " + readSkippingEcho(in, out));
                write(out, echo);
                lines.add("echo " + readSkippingEcho(in, out));
                // a flow using a meter that does not exist: the switch answers with an error for xid 5
                write(out, badFlow);
                write(out, barrier);
                lines.add("error " + readSkippingEcho(in, out));
                lines.add("barrier " + readSkippingEcho(in, out));
            }
        } finally {
            Ovs.run("ovs-vsctl", "set-controller", "of-e1", "tcp:127.0.0.1:" + Ovs.CONTROLLER_PORT);
            Ovs.run("ovs-vsctl", "set", "controller", "of-e1", "inactivity_probe=5000", "max_backoff=1000");
        }
        Path file = Path.of("src/test/resources/fixtures/handshake-of-e1.txt");
        Files.write(file, lines);
        assertThat(lines).hasSize(6);
    }

    private static String readSkippingEcho(DataInputStream in, OutputStream out) throws IOException {
        while (true) {
            byte[] msg = frame(in);
            if (msg[1] != 2) { // not an ECHO_REQUEST from the switch
                return ByteBufUtil.hexDump(msg);
            }
            msg[1] = 3;
            out.write(msg);
        }
    }

    private static String read(DataInputStream in) throws IOException {
        return ByteBufUtil.hexDump(frame(in));
    }

    private static byte[] frame(DataInputStream in) throws IOException {
        byte[] header = new byte[8];
        in.readFully(header);
        int len = ((header[2] & 0xff) << 8) | (header[3] & 0xff);
        byte[] msg = new byte[len];
        System.arraycopy(header, 0, msg, 0, 8);
        in.readFully(msg, 8, len - 8);
        return msg;
    }

    private static byte[] bytes(OFMessage m) {
        ByteBuf b = Unpooled.buffer();
        m.writeTo(b);
        byte[] bytes = new byte[b.readableBytes()];
        b.readBytes(bytes);
        return bytes;
    }

    private static void write(OutputStream out, byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }
}
