package org.doji.crm.torque.eval;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * A synthetic SWF workload for tests: Poisson arrivals at a target offered load, power-of-two sizes
 * (half of them serial), log-uniform run times, and requested times that overestimate the run time by a
 * random factor (as users do). Seeded, so every run gives the same trace.
 */
public final class SwfGenerator {

    private SwfGenerator() {
    }

    public static List<SwfJob> generate(long seed, int count, int nodes, double offeredLoad) {
        Random rnd = new Random(seed);
        int maxLog = 31 - Integer.numberOfLeadingZeros(Math.max(1, nodes));
        double meanRun = 0;
        List<long[]> raw = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int procs = rnd.nextBoolean() ? 1 : 1 << (1 + rnd.nextInt(Math.max(1, maxLog)));
            procs = Math.min(procs, nodes);
            long run = Math.max(1, (long) Math.exp(Math.log(30) + rnd.nextDouble() * (Math.log(36_000) - Math.log(30))));
            raw.add(new long[] {procs, run});
            meanRun += (double) procs * run / count;
        }
        // Mean inter-arrival time so that the offered work per second is offeredLoad × nodes.
        double meanGap = meanRun / (offeredLoad * nodes);
        List<SwfJob> jobs = new ArrayList<>(count);
        double t = 0;
        for (int i = 0; i < count; i++) {
            t += -Math.log(1 - rnd.nextDouble()) * meanGap;
            long[] r = raw.get(i);
            long requested = (long) Math.ceil(r[1] * (1 + 3 * rnd.nextDouble()));
            jobs.add(new SwfJob(i + 1, (long) t, -1, r[1], (int) r[0], (int) r[0], requested, 1,
                    1 + rnd.nextInt(20), 1));
        }
        return jobs;
    }

    public static void write(List<SwfJob> jobs, Writer out, String comment) throws IOException {
        out.write("; Version: 2.2\n; Computer: synthetic (Doji SwfGenerator)\n; Note: " + comment + "\n");
        for (SwfJob j : jobs) {
            out.write(String.format("%d %d %d %d %d -1 -1 %d %d -1 %d %d -1 -1 %d -1 -1 -1%n", j.id(), j.submit(),
                    j.waitTime(), j.runTime(), j.allocatedProcs(), j.requestedProcs(), j.requestedTime(), j.status(),
                    j.user(), j.queue()));
        }
    }
}
