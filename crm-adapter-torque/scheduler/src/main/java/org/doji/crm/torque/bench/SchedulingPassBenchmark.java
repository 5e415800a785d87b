package org.doji.crm.torque.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.doji.crm.torque.sched.AdvanceReservation;
import org.doji.crm.torque.sched.ClusterSnapshot;
import org.doji.crm.torque.sched.JobClass;
import org.doji.crm.torque.sched.NodeInfo;
import org.doji.crm.torque.sched.PoolJob;
import org.doji.crm.torque.sched.ResourceExpression;
import org.doji.crm.torque.sched.RunningJob;
import org.doji.crm.torque.sched.SchedulerConfig;
import org.doji.crm.torque.sched.SchedulingCore;
import org.doji.crm.torque.sched.SchedulingPlan;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Scheduling-pass time against pool size: one full pass (table rebuild, priority order, earliest-fit
 * placement of every queued job, node choice for the starters) on a busy cluster of N nodes, median of
 * several timed runs after warm-up; wall and thread-CPU time are both reported (CPU time is the fairer
 * figure on a shared, loaded machine). Usage:
 * {@code java -cp <classpath> org.doji.crm.torque.bench.SchedulingPassBenchmark [--nodes 1000]
 * [--cores-per-node 8] [--sizes 100,1000,10000,100000] [--runs 7] [--out FILE.md]}
 */
public final class SchedulingPassBenchmark {

    private static final Logger LOG = LoggerFactory.getLogger(SchedulingPassBenchmark.class);
    private static final java.lang.management.ThreadMXBean THREADS =
            java.lang.management.ManagementFactory.getThreadMXBean();

    private SchedulingPassBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> opt = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opt.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        int nodes = Integer.parseInt(opt.getOrDefault("nodes", "1000"));
        int cpn = Integer.parseInt(opt.getOrDefault("cores-per-node", "8"));
        int runs = Integer.parseInt(opt.getOrDefault("runs", "7"));
        int[] sizes = Arrays.stream(opt.getOrDefault("sizes", "100,1000,10000,100000").split(","))
                .mapToInt(Integer::parseInt).toArray();
        StringBuilder table = new StringBuilder();
        table.append("| queued jobs | nodes | policy | median pass, wall (ms) | median pass, CPU (ms) | min wall (ms) "
                + "| max wall (ms) | jobs started |\n").append("|---:|---:|---|---:|---:|---:|---:|---:|\n");
        for (int size : sizes) {
            for (SchedulerConfig cfg : List.of(SchedulerConfig.defaults(),
                    SchedulerConfig.defaults().withPolicy(SchedulerConfig.Ordering.FCFS, false))) {
                ClusterSnapshot snap = snapshot(new Random(42), nodes, cpn, size);
                SchedulingCore core = new SchedulingCore(cfg);
                int warm = size >= 100_000 ? 1 : 3;
                for (int i = 0; i < warm; i++) {
                    core.plan(snap);
                }
                int n = size >= 100_000 ? Math.min(runs, 3) : runs;
                long[] ms = new long[n];
                long[] cpu = new long[n];
                int starts = 0;
                for (int i = 0; i < n; i++) {
                    long c0 = THREADS.getCurrentThreadCpuTime();
                    long t0 = System.nanoTime();
                    SchedulingPlan plan = core.plan(snap);
                    ms[i] = (System.nanoTime() - t0) / 1_000_000;
                    cpu[i] = (THREADS.getCurrentThreadCpuTime() - c0) / 1_000_000;
                    starts = plan.starts().size();
                }
                Arrays.sort(ms);
                Arrays.sort(cpu);
                String policy = cfg.backfill() ? "priority+backfill" : "fcfs";
                LOG.info("{} jobs, {} nodes, {}: median {} ms wall, {} ms CPU over {} runs", size, nodes, policy,
                        ms[n / 2], cpu[n / 2], n);
                table.append(String.format("| %d | %d | %s | %d | %d | %d | %d | %d |%n", size, nodes, policy,
                        ms[n / 2], cpu[n / 2], ms[0], ms[n - 1], starts));
            }
        }
        PrintStream out = System.out;
        out.print(table);
        if (opt.containsKey("out")) {
            Files.writeString(Path.of(opt.get("out")), table.toString());
        }
    }

    /** A busy cluster: 90 % of the cores run jobs with spread-out ends, two reservations, a queue of
     *  {@code size} jobs of mixed sizes, run times and users. */
    static ClusterSnapshot snapshot(Random rnd, int nodeCount, int cpn, int size) {
        long now = 1_000_000;
        List<NodeInfo> nodes = new ArrayList<>();
        List<RunningJob> running = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) {
            String name = "n" + (i + 1);
            nodes.add(new NodeInfo(name, cpn, true));
            if (i % 10 != 0) {
                running.add(new RunningJob("r" + i, "u" + (i % 50), Map.of(name, cpn), now - 100,
                        now + 60 + rnd.nextInt(36_000), null));
            }
        }
        List<AdvanceReservation> res = List.of(
                new AdvanceReservation("ar1", names(0, nodeCount / 10), now + 3_600, now + 7_200),
                new AdvanceReservation("ar2", names(nodeCount / 2, nodeCount / 5), now + 20_000, now + 40_000));
        List<PoolJob> pool = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            int cores = rnd.nextInt(4) == 0 ? cpn * (1 + rnd.nextInt(16)) : 1 + rnd.nextInt(cpn);
            long est = 60 + rnd.nextInt(24 * 3_600);
            pool.add(new PoolJob("q" + i, "u" + rnd.nextInt(200), ResourceExpression.cores(cores), est,
                    now - rnd.nextInt(86_400), rnd.nextInt(100) == 0 ? JobClass.PRIVILEGED : JobClass.GENERAL, null));
        }
        return new ClusterSnapshot(now, nodes, running, res, pool);
    }

    private static List<String> names(int from, int count) {
        List<String> out = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            out.add("n" + (i + 1));
        }
        return out;
    }
}
