package org.doji.crm.torque.eval;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.doji.crm.torque.sched.SchedulerConfig;
import org.doji.crm.torque.sched.SchedulingCore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Scheduling evaluation: replays an SWF trace (or a synthetic one) under FCFS, the NQS-style priority
 * scheduler without backfill, and the priority scheduler with backfill, and writes results.md,
 * results.csv and waits.svg into the output directory.
 *
 * <pre>
 * java -cp CLASSPATH org.doji.crm.torque.eval.SchedulingEvaluation
 *      (--swf FILE[.gz] | --synthetic JOBS [--load 0.9] [--seed 1]) --nodes 128 [--cores-per-node 1]
 *      [--estimate requested|actual] [--limit N] [--arrival-scale F] --out DIR
 * </pre>
 * {@code --arrival-scale 0.5} halves every submit time (doubling the offered load), which makes a lightly
 * loaded trace such as NASA iPSC (47 % utilisation, no queueing) show differences between policies.
 * With {@code --estimate requested} (default) the scheduler sees each job's requested time, or its actual
 * run time when the trace has none (e.g. NASA iPSC): the results then assume perfect estimates.
 */
public final class SchedulingEvaluation {

    private static final Logger LOG = LoggerFactory.getLogger(SchedulingEvaluation.class);

    private SchedulingEvaluation() {
    }

    public static void main(String[] args) throws IOException {
        Map<String, String> opt = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opt.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        if (!opt.containsKey("out") || (!opt.containsKey("swf") && !opt.containsKey("synthetic"))) {
            throw new IllegalArgumentException("usage: (--swf FILE | --synthetic JOBS) --nodes N --out DIR "
                    + "[--cores-per-node 1] [--estimate requested|actual] [--limit N] [--arrival-scale F] [--load 0.9] [--seed 1]");
        }
        int nodes = Integer.parseInt(opt.getOrDefault("nodes", "128"));
        int cpn = Integer.parseInt(opt.getOrDefault("cores-per-node", "1"));
        List<SwfJob> trace;
        String source;
        if (opt.containsKey("swf")) {
            trace = SwfParser.read(Path.of(opt.get("swf")));
            source = Path.of(opt.get("swf")).getFileName().toString();
        } else {
            int count = Integer.parseInt(opt.get("synthetic"));
            double load = Double.parseDouble(opt.getOrDefault("load", "0.9"));
            trace = SwfGenerator.generate(Long.parseLong(opt.getOrDefault("seed", "1")), count, nodes * cpn, load);
            source = "synthetic " + count + " jobs, offered load " + load;
        }
        if (opt.containsKey("arrival-scale")) {
            // Squeezing inter-arrival times raises the offered load of a lightly loaded trace.
            double f = Double.parseDouble(opt.get("arrival-scale"));
            if (!(f > 0)) {
                throw new IllegalArgumentException("--arrival-scale must be > 0");
            }
            trace = trace.stream().map(j -> new SwfJob(j.id(), Math.round(j.submit() * f), j.waitTime(), j.runTime(),
                    j.allocatedProcs(), j.requestedProcs(), j.requestedTime(), j.status(), j.user(), j.queue())).toList();
            source += ", submit times × " + f;
        }
        if (opt.containsKey("limit")) {
            trace = trace.subList(0, Math.min(trace.size(), Integer.parseInt(opt.get("limit"))));
        }
        ReplaySimulator.Estimate est = "actual".equals(opt.get("estimate"))
                ? ReplaySimulator.Estimate.ACTUAL : ReplaySimulator.Estimate.REQUESTED_ELSE_ACTUAL;
        Path out = Path.of(opt.get("out"));
        evaluate(trace, source, nodes, cpn, est, out);
    }

    /** Runs the three policies and writes the report; returns the figures per policy. */
    public static List<Metrics> evaluate(List<SwfJob> trace, String source, int nodes, int cpn,
                                         ReplaySimulator.Estimate est, Path out) throws IOException {
        Files.createDirectories(out);
        ReplaySimulator sim = new ReplaySimulator(nodes, cpn, est);
        long withRequest = trace.stream().filter(SwfJob::hasRequestedTime).count();
        String estimateNote = est == ReplaySimulator.Estimate.ACTUAL || withRequest == 0
                ? "estimates = actual run times (perfect estimates" + (withRequest == 0 ? "; the trace has no requested times)" : ")")
                : "estimates = requested times (actual run time where a job has none: "
                  + (trace.size() - withRequest) + " jobs)";
        int runnable = sim.runnable(trace).size();
        Map<String, SchedulerConfig> policies = new LinkedHashMap<>();
        SchedulerConfig base = SchedulerConfig.defaults();
        policies.put("FCFS", base.withPolicy(SchedulerConfig.Ordering.FCFS, false));
        policies.put("NQS priority", base.withPolicy(SchedulerConfig.Ordering.PRIORITY, false));
        policies.put("priority + backfill", base.withPolicy(SchedulerConfig.Ordering.PRIORITY, true));
        List<Metrics> results = new ArrayList<>();
        for (Map.Entry<String, SchedulerConfig> p : policies.entrySet()) {
            LOG.info("replaying {} ({} runnable of {} jobs) on {} nodes × {} cores under {}", source, runnable,
                    trace.size(), nodes, cpn, p.getKey());
            long t0 = System.nanoTime();
            List<ReplaySimulator.Outcome> done = sim.replay(trace, new SchedulingCore(p.getValue()), p.getKey());
            Metrics m = Metrics.of(p.getKey(), done, nodes * cpn);
            LOG.info("{}: utilisation {}, mean wait {} s, bounded slowdown {} ({} s)", p.getKey(),
                    String.format(Locale.ROOT, "%.3f", m.utilisation()), SvgPlot.fmt(m.meanWait()),
                    SvgPlot.fmt(m.meanBoundedSlowdown()), (System.nanoTime() - t0) / 1_000_000_000);
            results.add(m);
        }
        write(out, source, nodes, cpn, estimateNote, trace.size(), runnable, results);
        return results;
    }

    private static void write(Path out, String source, int nodes, int cpn, String note, int total, int runnable,
                              List<Metrics> results) throws IOException {
        try (Writer md = Files.newBufferedWriter(out.resolve("results.md"));
             Writer csv = Files.newBufferedWriter(out.resolve("results.csv"))) {
            md.write("# Scheduling evaluation: " + source + "\n\n");
            md.write(String.format("%d nodes × %d cores; %d of %d jobs runnable here; %s. Wait times in seconds; "
                    + "bounded slowdown with τ = %.0f s.%n%n", nodes, cpn, runnable, total, note, Metrics.TAU));
            md.write("| policy | jobs | utilisation | mean wait | p50 wait | p90 wait | p99 wait | max wait | mean bounded slowdown |\n");
            md.write("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
            csv.write("policy,jobs,utilisation,mean_wait,p50_wait,p90_wait,p99_wait,max_wait,mean_bounded_slowdown\n");
            for (Metrics m : results) {
                md.write(String.format(Locale.ROOT, "| %s | %d | %.3f | %.1f | %.0f | %.0f | %.0f | %.0f | %.2f |%n",
                        m.policy(), m.jobs(), m.utilisation(), m.meanWait(), m.p50Wait(), m.p90Wait(), m.p99Wait(),
                        m.maxWait(), m.meanBoundedSlowdown()));
                csv.write(String.format(Locale.ROOT, "%s,%d,%.4f,%.2f,%.0f,%.0f,%.0f,%.0f,%.3f%n", m.policy(), m.jobs(),
                        m.utilisation(), m.meanWait(), m.p50Wait(), m.p90Wait(), m.p99Wait(), m.maxWait(),
                        m.meanBoundedSlowdown()));
            }
            md.write("\n![waiting times](waits.svg)\n");
        }
        Files.writeString(out.resolve("waits.svg"), SvgPlot.render(source + " (" + note + ")", results));
        LOG.info("wrote {}", out.toAbsolutePath());
    }
}
