package org.doji.nrm.openflow;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.doji.nrm.openflow.controller.SwitchClient;
import org.doji.nrm.openflow.controller.SwitchException;
import org.doji.nrm.openflow.controller.SwitchListener;
import org.projectfloodlight.openflow.protocol.OFMessage;
import org.projectfloodlight.openflow.protocol.OFPacketIn;
import org.projectfloodlight.openflow.protocol.OFPortDesc;
import org.projectfloodlight.openflow.protocol.OFStatsReply;
import org.projectfloodlight.openflow.protocol.OFStatsRequest;

/** A switch boundary for unit tests: records what is sent and answers stats with recorded replies. */
public final class FakeSwitchClient implements SwitchClient {

    public final Map<Long, List<OFMessage>> sent = new HashMap<>();
    private final Set<Long> connected = new HashSet<>();
    private final Map<Long, Deque<List<OFStatsReply>>> statsAnswers = new HashMap<>();
    private final List<SwitchListener> listeners = new CopyOnWriteArrayList<>();
    private final Map<Long, List<OFPortDesc>> ports = new HashMap<>();

    public void connect(long dpid) {
        connected.add(dpid);
        listeners.forEach(l -> l.switchConnected(dpid));
    }

    public void disconnect(long dpid) {
        connected.remove(dpid);
        listeners.forEach(l -> l.switchDisconnected(dpid));
    }

    public void packetIn(long dpid, OFPacketIn pi) {
        listeners.forEach(l -> l.packetIn(dpid, pi));
    }

    public void portStatus(long dpid, org.projectfloodlight.openflow.protocol.OFPortStatus status) {
        listeners.forEach(l -> l.portStatus(dpid, status));
    }

    public void answerStats(long dpid, List<OFStatsReply> replies) {
        statsAnswers.computeIfAbsent(dpid, k -> new ArrayDeque<>()).add(replies);
    }

    public void ports(long dpid, List<OFPortDesc> list) {
        ports.put(dpid, list);
    }

    public List<OFMessage> sentTo(long dpid) {
        return sent.getOrDefault(dpid, List.of());
    }

    @Override
    public Set<Long> connectedSwitches() {
        return Set.copyOf(connected);
    }

    @Override
    public List<OFPortDesc> ports(long dpid) {
        return ports.getOrDefault(dpid, List.of());
    }

    @Override
    public CompletableFuture<Void> send(long dpid, List<? extends OFMessage> messages) {
        if (!connected.contains(dpid)) {
            return CompletableFuture.failedFuture(new SwitchException("not connected " + dpid));
        }
        sent.computeIfAbsent(dpid, k -> new ArrayList<>()).addAll(messages);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <R extends OFStatsReply> CompletableFuture<List<R>> stats(long dpid, OFStatsRequest<R> request) {
        Deque<List<OFStatsReply>> q = statsAnswers.get(dpid);
        List<OFStatsReply> answer = q == null || q.isEmpty() ? List.of() : q.poll();
        return CompletableFuture.completedFuture((List<R>) (List<?>) answer);
    }

    @Override
    public void addListener(SwitchListener listener) {
        listeners.add(listener);
    }
}
