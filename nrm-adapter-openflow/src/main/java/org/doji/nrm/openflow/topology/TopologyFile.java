package org.doji.nrm.openflow.topology;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * JSON form of a topology (switches as hex dpids, links as {@code dpid:port} pairs, endpoints with
 * their attachment). Used to load a configured topology and to record a discovered one as a fixture.
 */
public final class TopologyFile {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    public record LinkDto(String a, String b, long capacityMbps, Double latencyMs) {
    }

    public record EndpointDto(String name, boolean exchangePoint, String dpid, int port, String prefix,
                              long capacityMbps, Double latencyMs) {
    }

    public record Dto(List<String> switches, List<LinkDto> links, List<EndpointDto> endpoints) {
    }

    private TopologyFile() {
    }

    public static Topology read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read topology " + file, e);
        }
    }

    public static Topology read(InputStream in) throws IOException {
        Dto dto = JSON.readValue(in, Dto.class);
        Set<Long> switches = dto.switches().stream().map(TopologyFile::dpid).collect(Collectors.toSet());
        List<SwitchLink> links = dto.links() == null ? List.of() : dto.links().stream()
                .map(l -> new SwitchLink(port(l.a()), port(l.b()), l.capacityMbps(), l.latencyMs())).toList();
        List<EndpointAttachment> eps = dto.endpoints() == null ? List.of() : dto.endpoints().stream()
                .map(e -> new EndpointAttachment(e.name(), e.exchangePoint(), new PortRef(dpid(e.dpid()), e.port()),
                        e.prefix(), e.capacityMbps(), e.latencyMs())).toList();
        return new Topology(switches, links, eps);
    }

    public static String write(Topology t) {
        Dto dto = new Dto(
                t.switches().stream().sorted(Long::compareUnsigned).map(Long::toHexString).toList(),
                t.links().stream().map(l -> new LinkDto(text(l.a()), text(l.b()), l.capacityMbps(), l.latencyMs()))
                        .toList(),
                t.endpoints().stream().map(e -> new EndpointDto(e.name(), e.exchangePoint(),
                        Long.toHexString(e.port().dpid()), e.port().port(), e.prefix(), e.capacityMbps(),
                        e.latencyMs())).toList());
        try {
            return JSON.writeValueAsString(dto);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static long dpid(String hex) {
        return Long.parseUnsignedLong(hex.replace(":", "").replaceFirst("^sw-", ""), 16);
    }

    /** {@code <hex dpid>:<port>}. */
    public static PortRef port(String text) {
        int i = text.lastIndexOf(':');
        return new PortRef(dpid(text.substring(0, i)), Integer.parseInt(text.substring(i + 1)));
    }

    private static String text(PortRef p) {
        return Long.toHexString(p.dpid()) + ":" + p.port();
    }
}
