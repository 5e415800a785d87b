package org.doji.nrm.openflow;

import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.doji.nrm.openflow.topology.Topology;
import org.doji.nrm.openflow.topology.TopologyFile;
import org.projectfloodlight.openflow.protocol.OFFactories;
import org.projectfloodlight.openflow.protocol.OFMessage;

/** Fixtures recorded from the real Open vSwitch network by RecordFixturesIT. */
public final class Fixtures {

    /** A message a switch sent, as recorded: the switch and the parsed message. */
    public record Recorded(long dpid, OFMessage message) {
    }

    private Fixtures() {
    }

    public static Topology fatTree() {
        try (InputStream in = open("ovs-fattree-topology.json")) {
            return TopologyFile.read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<String> lines(String name) {
        try (InputStream in = open(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lines of "&lt;hex dpid&gt; &lt;hex message&gt;". */
    public static List<Recorded> messages(String name) {
        List<Recorded> out = new ArrayList<>();
        for (String line : lines(name)) {
            String[] parts = line.split(" ", 2);
            try {
                out.add(new Recorded(Long.parseUnsignedLong(parts[0], 16), OFFactories.getGenericReader()
                        .readFrom(Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump(parts[1])))));
            } catch (Exception e) {
                throw new IllegalStateException("bad fixture line in " + name + ": " + line, e);
            }
        }
        return out;
    }

    private static InputStream open(String name) {
        InputStream in = Fixtures.class.getResourceAsStream("/fixtures/" + name);
        if (in == null) {
            throw new IllegalStateException("missing fixture " + name);
        }
        return in;
    }
}
