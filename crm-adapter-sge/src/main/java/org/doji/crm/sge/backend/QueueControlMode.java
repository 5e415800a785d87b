package org.doji.crm.sge.backend;

import static org.doji.crm.sge.cli.GridEngineClient.check;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.doji.crm.batch.CommandRunner.Result;
import org.doji.crm.sge.cli.GridEngineClient;
import org.doji.crm.sge.cli.GridEngineException;
import org.doji.crm.sge.cli.GridEngineException.Reason;
import org.doji.crm.sge.cli.GridEngineModel.ClusterStatus;
import org.doji.crm.sge.cli.GridEngineModel.Job;
import org.doji.crm.sge.config.GridEngineProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * DESIGN §6: every reservation is a cluster queue on its hosts with an ACL of its users. Created disabled
 * at commit (jobs can be submitted at once and wait), enabled at start while the other queues are kept off
 * the hosts, deleted with its jobs at end or cancel. The queue and its ACL are created by ONE qconf call.
 * Actions are serialised: the activation driver and request threads must not interleave their views of
 * which instances are disabled (the qmaster serialises the changes anyway).
 */
public class QueueControlMode implements ReservationMode {

    private static final Logger log = LoggerFactory.getLogger(QueueControlMode.class);

    private final GridEngineClient client;
    private final HostGuard guard;
    private final String prefix;
    private final String pe;
    private final int deleteRetries;
    private final Duration retryPause;

    public QueueControlMode(GridEngineClient client, HostGuard guard, GridEngineProperties props, Duration retryPause) {
        this.client = client;
        this.guard = guard;
        this.prefix = props.queuePrefix();
        this.pe = props.parallelEnvironment();
        this.deleteRetries = props.deleteRetries();
        this.retryPause = retryPause;
    }

    @Override
    public synchronized String commit(ReservationTarget t) {
        write(List.of(t), false);
        return t.name();
    }

    @Override
    public synchronized void start(ReservationTarget t) {
        ClusterStatus status = client.status();
        if (status.instances().stream().noneMatch(qi -> qi.queue().equals(t.name()))) {
            log.warn("queue {} missing at start; creating it", t.name());
            write(List.of(t), false);
            status = client.status();
        }
        guard.activate(t.name(), t.hosts(), status);
    }

    @Override
    public synchronized void release(ReservationTarget t) {
        ClusterStatus status = client.status();
        teardown(t.name(), status);
        guard.release(t.hosts(), guard.activeReservedHosts(status, t.name()));
    }

    @Override
    public synchronized String modify(ReservationTarget before, ReservationTarget after) {
        write(List.of(after), true);
        if (after.active()) {
            ClusterStatus status = client.status();
            guard.activate(after.name(), after.hosts(), status);
            Set<String> dropped = new HashSet<>(before.hosts());
            after.hosts().forEach(dropped::remove);
            Set<String> keep = guard.activeReservedHosts(status, after.name());
            keep.addAll(after.hosts());
            guard.release(dropped, keep);
        }
        return after.name();
    }

    @Override
    public synchronized void reconcile(List<ReservationTarget> expected) {
        Map<String, ReservationTarget> want = expected.stream()
                .collect(Collectors.toMap(ReservationTarget::name, Function.identity(), (a, b) -> a));
        List<String> existing = client.queueNames().stream().filter(q -> q.startsWith(prefix)).toList();
        ClusterStatus status = client.status();
        for (String orphan : existing) {
            if (!want.containsKey(orphan)) {
                log.info("reconcile: deleting orphan queue {}", orphan);
                teardown(orphan, status);
            }
        }
        List<ReservationTarget> missing = expected.stream().filter(t -> !existing.contains(t.name())).toList();
        List<ReservationTarget> present = expected.stream().filter(t -> existing.contains(t.name())).toList();
        write(missing, false);
        write(present, true); // restores host lists and ACLs that drifted
        status = client.status();
        Set<String> activeHosts = new HashSet<>();
        List<String> toDisable = new ArrayList<>();
        for (ReservationTarget t : expected) {
            if (t.active()) {
                guard.activate(t.name(), t.hosts(), status);
                activeHosts.addAll(t.hosts());
            } else if (status.instances().stream().anyMatch(qi -> qi.queue().equals(t.name()) && !qi.disabled())) {
                toDisable.add(t.name());
            }
        }
        if (!toDisable.isEmpty()) {
            check("qmod -d", client.qmod(List.of("-d", String.join(",", toDisable))), Reason.NOT_FOUND);
        }
        Set<String> allHosts = new HashSet<>();
        status.instances().forEach(qi -> allHosts.add(qi.host()));
        guard.release(allHosts, activeHosts);
    }

    /** Creates (or overwrites) the queues and ACLs of all targets with a single qconf call. */
    private void write(List<ReservationTarget> targets, boolean exists) {
        if (targets.isEmpty()) {
            return;
        }
        List<Path> files = new ArrayList<>();
        List<List<String>> ops = new ArrayList<>();
        for (ReservationTarget t : targets) {
            Path acl = client.writeFile("acl", QueueTemplate.userSet(t.name(), t.users()));
            Path queue = client.writeFile("queue", QueueTemplate.queue(t.name(), t.slotsPerHost(), pe));
            files.add(acl);
            files.add(queue);
            ops.add(List.of(exists ? "-Mu" : "-Au", acl.toString()));
            ops.add(List.of(exists ? "-Mq" : "-Aq", queue.toString()));
        }
        try {
            Result r = client.qconf(ops);
            Reason failure = r.ok() ? null : GridEngineException.classify(r.message());
            if (failure == (exists ? Reason.NOT_FOUND : Reason.ALREADY_EXISTS)) {
                // a retried commit after a crash (some objects exist), or a modify of a queue that was lost:
                // create or overwrite each object as needed
                for (ReservationTarget t : targets) {
                    repair(t);
                }
                return;
            }
            check("qconf " + (exists ? "modify" : "create") + " queues", r);
        } finally {
            files.forEach(client::deleteFile);
        }
    }

    private void repair(ReservationTarget t) {
        boolean queueExists = client.queueNames().contains(t.name());
        boolean aclExists = client.userSet(t.name()).isPresent();
        Path acl = client.writeFile("acl", QueueTemplate.userSet(t.name(), t.users()));
        Path queue = client.writeFile("queue", QueueTemplate.queue(t.name(), t.slotsPerHost(), pe));
        try {
            check("qconf repair " + t.name(), client.qconf(List.of(
                    List.of(aclExists ? "-Mu" : "-Au", acl.toString()),
                    List.of(queueExists ? "-Mq" : "-Aq", queue.toString()))));
        } finally {
            client.deleteFile(acl);
            client.deleteFile(queue);
        }
    }

    /** Deletes the queue's jobs (running and waiting), then the queue and its ACL. */
    private void teardown(String queue, ClusterStatus status) {
        List<Long> jobs = status.jobs().stream().filter(j -> j.inQueue(queue)).map(Job::id).toList();
        if (!jobs.isEmpty()) {
            log.info("deleting jobs {} of reservation queue {}", jobs, queue);
            check("qdel -f", client.deleteJobs(jobs), Reason.NOT_FOUND);
        }
        List<List<String>> ops = List.of(List.of("-dq", queue), List.of("-dul", queue));
        for (int attempt = 1; ; attempt++) {
            Result r = client.qconf(ops);
            if (r.ok() || GridEngineException.classify(r.message()) != Reason.BUSY || attempt >= deleteRetries) {
                check("qconf -dq " + queue, r, Reason.NOT_FOUND);
                return;
            }
            // killed jobs are still being cleaned up by their execd; the qmaster refuses until they are gone
            pause();
        }
    }

    private void pause() {
        try {
            Thread.sleep(retryPause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new GridEngineException("qconf -dq", "interrupted");
        }
    }
}
