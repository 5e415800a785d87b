package org.doji.nrm.openflow.controller;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.doji.nrm.openflow.Fixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.projectfloodlight.openflow.protocol.OFBarrierRequest;
import org.projectfloodlight.openflow.protocol.OFEchoReply;
import org.projectfloodlight.openflow.protocol.OFFactories;
import org.projectfloodlight.openflow.protocol.OFFeaturesRequest;
import org.projectfloodlight.openflow.protocol.OFFlowAdd;
import org.projectfloodlight.openflow.protocol.OFHello;
import org.projectfloodlight.openflow.protocol.OFHelloElemVersionbitmap;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFPortDescStatsRequest;
import org.projectfloodlight.openflow.protocol.OFType;
import org.projectfloodlight.openflow.protocol.OFVersion;

/** The controller's side of the handshake, keep-alive and error handling, fed with what OVS really sent. */
class SwitchConnectionTest {

    private final Map<String, byte[]> recorded = new HashMap<>();
    private OpenFlowController controller;
    private EmbeddedChannel ch;
    private final List<String> events = new ArrayList<>();

    @BeforeEach
    void setUp() {
        for (String line : Fixtures.lines("handshake-of-e1.txt")) {
            String[] p = line.split(" ", 2);
            recorded.put(p[0], ByteBufUtil.decodeHexDump(p[1]));
        }
        controller = new OpenFlowController(Duration.ofSeconds(5), Duration.ofSeconds(5));
        controller.addListener(new SwitchListener() {
            @Override
            public void switchConnected(long dpid) {
                events.add("up " + Long.toHexString(dpid));
            }

            @Override
            public void switchDisconnected(long dpid) {
                events.add("down " + Long.toHexString(dpid));
            }
        });
        ch = new EmbeddedChannel(new LengthFieldBasedFrameDecoder(65535, 2, 2, -4, 0), new SwitchConnection(controller));
    }

    @AfterEach
    void tearDown() {
        ch.finishAndReleaseAll();
        controller.close();
    }

    private OFMessage out() throws Exception {
        ByteBuf b = ch.readOutbound();
        assertThat(b).as("a message to the switch").isNotNull();
        try {
            return OFFactories.getGenericReader().readFrom(b);
        } finally {
            b.release();
        }
    }

    /** A recorded message with its xid replaced by the one the controller used. */
    private void in(String name, long xid) throws Exception {
        OFMessage m = OFFactories.getGenericReader().readFrom(Unpooled.wrappedBuffer(recorded.get(name)));
        ByteBuf b = Unpooled.buffer();
        m.createBuilder().setXid(xid).build().writeTo(b);
        ch.writeInbound(b);
    }

    private void handshake() throws Exception {
        OFMessage hello = out();
        assertThat(hello).isInstanceOf(OFHello.class);
        assertThat(hello.getVersion()).isEqualTo(OFVersion.OF_13);
        assertThat(((OFHello) hello).getElements()).singleElement().isInstanceOfSatisfying(
                OFHelloElemVersionbitmap.class, b -> assertThat(b.getBitmaps().get(0).getValue()).isEqualTo(1L << 4));
        in("hello", 1);
        OFMessage featuresRequest = out();
        assertThat(featuresRequest).isInstanceOf(OFFeaturesRequest.class);
        in("features", featuresRequest.getXid());
        OFMessage portDesc = out();
        assertThat(portDesc).isInstanceOf(OFPortDescStatsRequest.class);
        in("portdesc", portDesc.getXid());
    }

    @Test
    void handshakeRegistersTheSwitchWithItsPorts() throws Exception {
        handshake();
        assertThat(controller.connectedSwitches()).containsExactly(0x301L);
        assertThat(controller.ports(0x301)).extracting(p -> p.getName())
                .contains("ve-h1", "p-e1-a1", "p-e1-a2", "of-e1");
        assertThat(events).containsExactly("up 301");

        ch.close();
        assertThat(controller.connectedSwitches()).isEmpty();
        assertThat(events).containsExactly("up 301", "down 301");
    }

    @Test
    void echoRequestsAreAnsweredWithTheSameXidAndData() throws Exception {
        handshake();
        ByteBuf echo = Unpooled.buffer();
        OFFactories.getFactory(OFVersion.OF_13).buildEchoRequest().setXid(77).setData(new byte[] {9, 8}).build()
                .writeTo(echo);
        ch.writeInbound(echo);
        OFMessage reply = out();
        assertThat(reply).isInstanceOfSatisfying(OFEchoReply.class, r -> {
            assertThat(r.getXid()).isEqualTo(77);
            assertThat(r.getData()).containsExactly(9, 8);
        });
    }

    @Test
    void anErrorFromTheSwitchFailsTheBatchThatCausedItAndABarrierCompletesTheOthers() throws Exception {
        handshake();
        OFFlowAdd flow = SwitchClient.FACTORY.buildFlowAdd().setPriority(5).build();
        CompletableFuture<Void> refused = controller.send(0x301, List.of(flow));
        OFMessage sentFlow = out();
        OFMessage barrier = out();
        assertThat(sentFlow.getType()).isEqualTo(OFType.FLOW_MOD);
        assertThat(barrier).isInstanceOf(OFBarrierRequest.class);
        in("error", sentFlow.getXid());
        in("barrier", barrier.getXid());
        assertThatThrownBy(refused::get).isInstanceOf(ExecutionException.class)
                .hasCauseInstanceOf(SwitchException.class).hasMessageContaining("MeterModFailed").hasMessageContaining("INVALID_METER");

        CompletableFuture<Void> accepted = controller.send(0x301, List.of(flow));
        out();
        OFMessage barrier2 = out();
        assertThat(accepted).isNotDone();
        in("barrier", barrier2.getXid());
        assertThat(accepted).isCompleted();
    }

    @Test
    void aSwitchThatDoesNotSpeakOpenFlow13IsRefused() throws Exception {
        out(); // our HELLO
        ByteBuf hello10 = Unpooled.buffer();
        OFFactories.getFactory(OFVersion.OF_10).buildHello().setXid(1).build().writeTo(hello10);
        ch.writeInbound(hello10);
        OFMessage err = out();
        assertThat(err.getType()).isEqualTo(OFType.ERROR);
        assertThat(ch.isOpen()).isFalse();
        assertThat(controller.connectedSwitches()).isEmpty();
    }
}
