package org.doji.nrm.openflow.flow;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.doji.nrm.openflow.controller.SwitchClient;
import org.doji.nrm.openflow.controller.SwitchException;
import org.doji.nrm.openflow.controller.SwitchListener;
import org.doji.nrm.openflow.topology.Hop;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the flows that should be on the switches (the desired state, by reservation key), installs and
 * removes them, and replays them onto a switch that reconnects (its flow table may have been lost).
 */
public final class FlowInstaller implements SwitchListener {

    private static final Logger log = LoggerFactory.getLogger(FlowInstaller.class);
    private static final int MAX_METER = 200_000;

    /** Per switch, the messages that establish a reservation there, and the meters it owns there. */
    private record Installed(Map<Long, List<OFMessage>> messages, Map<Long, List<Long>> meters) {
    }

    private final SwitchClient client;
    private final Duration timeout;
    private final Integer dscp;
    private final Map<String, Installed> desired = new ConcurrentHashMap<>();
    private final Map<Long, Set<Long>> usedMeters = new HashMap<>();

    public FlowInstaller(SwitchClient client, Duration timeout) {
        this(client, timeout, null);
    }

    /** As above, marking reserved IPv4 packets with {@code dscp} where they enter a path (null: no marking). */
    public FlowInstaller(SwitchClient client, Duration timeout, Integer dscp) {
        this.client = client;
        this.timeout = timeout;
        this.dscp = dscp;
        client.addListener(this);
    }

    /** set_route: installs every direction of every path of reservation {@code key}; idempotent. */
    public synchronized void install(String key, List<List<PathDirection>> paths) {
        if (desired.containsKey(key)) {
            remove(key);
        }
        Map<Long, List<OFMessage>> msgs = new LinkedHashMap<>();
        Map<Long, List<Long>> meters = new HashMap<>();
        int priority = Cookies.priority(key);
        for (int a = 0; a < paths.size(); a++) {
            for (int d = 0; d < paths.get(a).size(); d++) {
                PathDirection dir = paths.get(a).get(d);
                for (int h = 0; h < dir.hops().size(); h++) {
                    Hop hop = dir.hops().get(h);
                    Long meter = null;
                    List<OFMessage> list = msgs.computeIfAbsent(hop.dpid(), k -> new ArrayList<>());
                    if (h == 0 && dir.rateMbps() > 0) {
                        meter = allocateMeter(hop.dpid(), key, a, d);
                        meters.computeIfAbsent(hop.dpid(), k -> new ArrayList<>()).add(meter);
                        // delete first: ADD of an existing id fails, and a replay must not depend on old state
                        list.add(FlowProgrammer.meterDelete(meter));
                        list.add(FlowProgrammer.meterAdd(meter, dir.rateMbps()));
                    }
                    list.addAll(FlowProgrammer.flows(dir, hop, Cookies.flow(key, a, d), priority, meter,
                            meter == null ? null : dscp));
                }
            }
        }
        Installed inst = new Installed(msgs, meters);
        desired.put(key, inst);
        await(msgs, "install " + key);
        log.info("reservation {}: flows installed on {} switches", key, msgs.size());
    }

    /** del_route: removes the flows and meters of reservation {@code key}; idempotent. */
    public synchronized void remove(String key) {
        Installed inst = desired.remove(key);
        Map<Long, List<OFMessage>> msgs = new LinkedHashMap<>();
        Set<Long> dpids = new HashSet<>(client.connectedSwitches());
        if (inst != null) {
            dpids.retainAll(inst.messages().keySet());
        }
        for (long dpid : dpids) {
            List<OFMessage> list = new ArrayList<>();
            list.add(FlowProgrammer.deleteByCookie(Cookies.reservation(key), Cookies.RESERVATION_MASK));
            if (inst != null) {
                for (long m : inst.meters().getOrDefault(dpid, List.of())) {
                    list.add(FlowProgrammer.meterDelete(m));
                }
            }
            msgs.put(dpid, list);
        }
        if (inst != null) {
            inst.meters().forEach((dpid, ids) -> usedMeters.getOrDefault(dpid, new HashSet<>()).removeAll(ids));
        }
        await(msgs, "remove " + key);
        log.info("reservation {}: flows removed", key);
    }

    /** Removes every reservation flow and meter from every connected switch (reconcile). */
    public synchronized void wipe() {
        Map<Long, List<OFMessage>> msgs = new LinkedHashMap<>();
        for (long dpid : client.connectedSwitches()) {
            msgs.put(dpid, List.of(FlowProgrammer.deleteByCookie(org.projectfloodlight.openflow.types.U64.of(
                    Cookies.TAG), Cookies.TAG_MASK), FlowProgrammer.meterDeleteAll()));
        }
        desired.clear();
        usedMeters.clear();
        await(msgs, "wipe");
    }

    public Set<String> installedKeys() {
        return Set.copyOf(desired.keySet());
    }

    @Override
    public void switchConnected(long dpid) {
        // The switch may have kept flows of reservations removed while it was away: clear, then replay.
        List<OFMessage> replay = new ArrayList<>(List.of(FlowProgrammer.deleteByCookie(
                org.projectfloodlight.openflow.types.U64.of(Cookies.TAG), Cookies.TAG_MASK),
                FlowProgrammer.meterDeleteAll()));
        desired.values().forEach(i -> replay.addAll(i.messages().getOrDefault(dpid, List.of())));
        log.info("switch {} reconnected: re-installing {} messages", Long.toHexString(dpid), replay.size());
        client.send(dpid, replay).whenComplete((v, e) -> {
            if (e != null) {
                log.warn("re-install on {} failed: {}", Long.toHexString(dpid), e.toString());
            }
        });
    }

    private long allocateMeter(long dpid, String key, int a, int d) {
        Set<Long> used = usedMeters.computeIfAbsent(dpid, k -> new HashSet<>());
        long id = (Cookies.keyHash(key) * 31 + a * 2L + d) % MAX_METER + 1;
        while (used.contains(id)) {
            id = id % MAX_METER + 1;
        }
        used.add(id);
        return id;
    }

    private void await(Map<Long, List<OFMessage>> msgs, String what) {
        List<CompletableFuture<Void>> all = new ArrayList<>();
        msgs.forEach((dpid, list) -> all.add(client.send(dpid, list)));
        try {
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(timeout.toMillis(),
                    TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SwitchException(what + " interrupted");
        } catch (ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new SwitchException(what + " failed: " + cause);
        }
    }
}
