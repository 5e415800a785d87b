package org.doji.nrm.openflow.monitor;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.doji.nrm.openflow.controller.SwitchClient;
import org.doji.nrm.openflow.flow.Cookies;
import org.doji.nrm.openflow.topology.PortRef;
import org.doji.nrm.openflow.topology.Topology;
import org.doji.rm.spi.BackendInventory.NetLink;
import org.projectfloodlight.openflow.protocol.OFFlowStatsEntry;
import org.projectfloodlight.openflow.protocol.OFFlowStatsReply;
import org.projectfloodlight.openflow.protocol.action.OFAction;
import org.projectfloodlight.openflow.protocol.action.OFActionOutput;
import org.projectfloodlight.openflow.protocol.instruction.OFInstruction;
import org.projectfloodlight.openflow.protocol.instruction.OFInstructionApplyActions;
import org.projectfloodlight.openflow.protocol.match.MatchField;
import org.projectfloodlight.openflow.types.OFGroup;
import org.projectfloodlight.openflow.types.OFPort;
import org.projectfloodlight.openflow.types.TableId;
import org.projectfloodlight.openflow.types.U64;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Polls the reservation flows' statistics every Δt and derives per-link use (DESIGN §8):
 * used = Σ (byte_count(t) − byte_count(t−Δt)) · 8 / Δt over the flows crossing the link; available =
 * capacity − used. A flow crosses the link it outputs onto, and the access link it enters from.
 */
public final class BandwidthMonitor {

    private static final Logger log = LoggerFactory.getLogger(BandwidthMonitor.class);

    private final SwitchClient client;
    private final Supplier<Topology> topology;
    private final Clock clock;
    private final Duration interval;
    private final MeterRegistry metrics;
    private final Map<String, Long> lastBytes = new HashMap<>();
    private Instant lastPoll;
    private final Map<String, LinkUsage> usage = new ConcurrentHashMap<>();

    public BandwidthMonitor(SwitchClient client, Supplier<Topology> topology, Clock clock, Duration interval,
                            MeterRegistry metrics) {
        if (interval.isZero() || interval.isNegative()) {
            throw new IllegalArgumentException("monitoring interval must be positive");
        }
        this.client = client;
        this.topology = topology;
        this.clock = clock;
        this.interval = interval;
        this.metrics = metrics;
    }

    /** How often the service polls (its periodic task calls {@link #pollQuietly()}). */
    public Duration interval() {
        return interval;
    }

    /** One polling round, a failure logged (a WARN line) instead of thrown: the next round tries again. */
    public void pollQuietly() {
        try {
            poll();
        } catch (RuntimeException e) {
            log.warn("flow statistics poll failed: {}", e.toString());
        }
    }

    /** One polling round (also called directly by tests and by the backend). */
    public synchronized void poll() {
        Topology topo = topology.get();
        Map<PortRef, String> linkByPort = topo.linkIdByPort();
        Instant now = clock.instant();
        Map<String, Long> bytes = new HashMap<>();
        Map<String, List<String>> crossing = new HashMap<>();
        for (long dpid : client.connectedSwitches()) {
            List<OFFlowStatsReply> replies;
            try {
                replies = client.stats(dpid, SwitchClient.FACTORY.buildFlowStatsRequest()
                        .setTableId(TableId.ALL).setOutPort(OFPort.ANY).setOutGroup(OFGroup.ANY)
                        .setCookie(U64.of(Cookies.TAG)).setCookieMask(Cookies.TAG_MASK)
                        .setMatch(SwitchClient.FACTORY.buildMatch().build()).build()).join();
            } catch (RuntimeException e) {
                // one switch going away must not blind the others; its flows restart from zero
                log.debug("flow stats of {} failed: {}", Long.toHexString(dpid), e.toString());
                continue;
            }
            for (OFFlowStatsReply r : replies) {
                for (OFFlowStatsEntry e : r.getEntries()) {
                    String key = dpid + "/" + e.getCookie() + "/" + e.getPriority() + "/" + e.getMatch();
                    bytes.put(key, e.getByteCount().getValue());
                    crossing.put(key, linksOf(dpid, e, linkByPort));
                }
            }
        }
        Map<String, Double> used = new HashMap<>();
        if (lastPoll != null && now.isAfter(lastPoll)) {
            double seconds = Duration.between(lastPoll, now).toNanos() / 1e9;
            bytes.forEach((key, b) -> {
                Long before = lastBytes.get(key);
                long delta = before == null || b < before ? b : b - before; // new or re-installed flow
                double mbps = delta * 8 / seconds / 1e6;
                crossing.get(key).forEach(link -> used.merge(link, mbps, Double::sum));
            });
        }
        lastBytes.clear();
        lastBytes.putAll(bytes);
        lastPoll = now;
        for (NetLink l : topo.netLinks(0)) {
            double u = used.getOrDefault(l.id(), 0.0);
            LinkUsage lu = new LinkUsage(l.id(), l.capacityMbps(), u, Math.max(0, l.capacityMbps() - u), now);
            if (usage.put(l.id(), lu) == null && metrics != null) {
                register(l.id());
            }
        }
    }

    private void register(String linkId) {
        Gauge.builder("doji.nrm.link.used", usage, m -> m.get(linkId).usedMbps()).tag("link", linkId)
                .baseUnit("megabits.per.second").description("measured bandwidth use of a link").register(metrics);
        Gauge.builder("doji.nrm.link.available", usage, m -> m.get(linkId).availableMbps()).tag("link", linkId)
                .baseUnit("megabits.per.second").description("capacity minus measured use").register(metrics);
    }

    private static List<String> linksOf(long dpid, OFFlowStatsEntry e, Map<PortRef, String> linkByPort) {
        List<String> out = new java.util.ArrayList<>();
        for (OFInstruction i : e.getInstructions()) {
            if (i instanceof OFInstructionApplyActions aa) {
                for (OFAction a : aa.getActions()) {
                    if (a instanceof OFActionOutput o) {
                        String l = linkByPort.get(new PortRef(dpid, o.getPort().getPortNumber()));
                        if (l != null) {
                            out.add(l);
                        }
                    }
                }
            }
        }
        OFPort in = e.getMatch().get(MatchField.IN_PORT);
        if (in != null) {
            String l = linkByPort.get(new PortRef(dpid, in.getPortNumber()));
            if (l != null && l.startsWith("ep-")) {
                out.add(l); // nobody outputs onto an access link in this flow's direction
            }
        }
        return out;
    }

    public Map<String, LinkUsage> usage() {
        return Map.copyOf(usage);
    }

    public LinkUsage usage(String linkId) {
        return usage.get(linkId);
    }

    /** Measured available bandwidth, or the capacity while nothing was measured yet. */
    public long available(String linkId) {
        LinkUsage u = usage.get(linkId);
        return u == null ? Long.MAX_VALUE : (long) u.availableMbps();
    }
}
