package org.doji.crm.sge.backend;

import static org.doji.crm.sge.cli.GridEngineClient.check;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.crm.sge.cli.GridEngineClient;
import org.doji.crm.sge.cli.GridEngineException.Reason;
import org.doji.crm.sge.cli.GridEngineModel.ClusterStatus;
import org.doji.crm.sge.cli.GridEngineModel.Job;
import org.doji.crm.sge.cli.GridEngineModel.QueueInstance;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the other queues off reserved hosts: disables their instances there (remembered in the ledger),
 * evicts their running jobs (suspend, resubmit as a copy, delete: the copy restarts elsewhere from the
 * beginning), and re-enables exactly those instances when no active reservation uses the host any more.
 */
public class HostGuard {

    private static final Logger log = LoggerFactory.getLogger(HostGuard.class);

    private final GridEngineClient client;
    private final DisabledInstanceLedger ledger;
    private final String prefix;

    public HostGuard(GridEngineClient client, DisabledInstanceLedger ledger, String prefix) {
        this.client = client;
        this.ledger = ledger;
        this.prefix = prefix;
    }

    /** Enables {@code queue} and disables the other queues' instances on its hosts, in one qmod call. */
    public void activate(String queue, Collection<String> hosts, ClusterStatus status) {
        List<String> others = status.instances().stream()
                .filter(qi -> hosts.contains(qi.host()) && !qi.queue().startsWith(prefix) && !qi.disabled())
                .map(QueueInstance::name).toList();
        ledger.add(others); // before qmod: a crash in between must not leave instances we cannot account for
        List<String> args = new ArrayList<>(List.of("-e", queue));
        if (!others.isEmpty()) {
            args.add("-d");
            args.add(String.join(",", others));
        }
        check("qmod " + args, client.qmod(args));
        evict(hosts, status);
    }

    /** Jobs of other queues still running on the hosts: suspend, resubmit (as their owner), delete. */
    public List<Long> evict(Collection<String> hosts, ClusterStatus status) {
        Map<String, List<Long>> byOwner = new LinkedHashMap<>();
        List<Long> ids = new ArrayList<>();
        for (Job j : status.jobs()) {
            boolean foreign = j.queueInstances().stream().anyMatch(qi -> !qi.startsWith(prefix)
                    && hosts.contains(qi.substring(qi.indexOf('@') + 1)));
            if (j.running() && foreign) {
                byOwner.computeIfAbsent(j.owner(), o -> new ArrayList<>()).add(j.id());
                ids.add(j.id());
            }
        }
        if (ids.isEmpty()) {
            return ids;
        }
        log.info("evicting jobs {} from reserved hosts {}", ids, hosts);
        check("qmod -sj", client.suspendJobs(ids), Reason.NOT_FOUND);
        byOwner.forEach((owner, jobs) -> check("qresub", client.resubmit(owner, jobs), Reason.NOT_FOUND));
        check("qdel -f", client.deleteJobs(ids), Reason.NOT_FOUND);
        return ids;
    }

    /**
     * Re-enables the instances we disabled on {@code hosts}, except where another reservation queue is
     * active ({@code stillReserved}, e.g. an adjacent reservation already started).
     */
    public void release(Collection<String> hosts, Set<String> stillReserved) {
        List<String> back = ledger.instances().stream()
                .filter(qi -> {
                    String host = qi.substring(qi.indexOf('@') + 1);
                    return hosts.contains(host) && !stillReserved.contains(host);
                }).toList();
        if (back.isEmpty()) {
            return;
        }
        check("qmod -e", client.qmod(List.of("-e", String.join(",", back))), Reason.NOT_FOUND);
        ledger.remove(back);
    }

    /** Hosts where a reservation queue other than {@code except} is enabled (an active reservation). */
    public Set<String> activeReservedHosts(ClusterStatus status, String except) {
        Set<String> hosts = new java.util.HashSet<>();
        status.instances().stream().filter(qi -> qi.queue().startsWith(prefix) && !qi.queue().equals(except)
                && !qi.disabled()).forEach(qi -> hosts.add(qi.host()));
        return hosts;
    }
}
