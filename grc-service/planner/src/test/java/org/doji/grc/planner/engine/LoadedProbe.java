package org.doji.grc.planner.engine;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import org.doji.grc.planner.Instance;
import org.doji.grc.planner.LoadedReference;
import org.doji.grc.planner.StepClock;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;

/** Scratch: steps of the new and the old search on loaded reference requests. */
public final class LoadedProbe {
    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        int count = Integer.parseInt(args[1]);
        double load = Double.parseDouble(args[2]);
        long limit = Long.parseLong(args[3]);
        boolean legacy = args.length > 4;
        long[] steps = new long[count];
        long[] nanos = new long[count];
        int cut = 0;
        int feasible = 0;
        for (int s = 0; s < count; s++) {
            Instance in = LoadedReference.generate(n, s, load);
            SlotProblem p = in.compile();
            if (p.precheckFailure != null) {
                continue;
            }
            StepClock clock = new StepClock(Duration.ofNanos(1000));
            Instant t0 = clock.instant();

            Deadline d = Deadline.after(clock, Duration.ofNanos(limit * 1000));
            long w0 = System.nanoTime();
            SlotSolution sol = legacy ? new LegacyPlacementSearch(p, d).run() : new PlacementSearch(p, d).run();
            nanos[s] = System.nanoTime() - w0;
            steps[s] = Duration.between(t0, clock.instant()).toNanos() / 1000;
            if (!sol.proven()) {
                cut++;
                System.out.println("cut: " + in.name() + " feasible " + sol.feasible());
            }
            if (sol.feasible()) {
                feasible++;
            }
        }
        long[] st = steps.clone();
        Arrays.sort(st);
        long[] ns = nanos.clone();
        Arrays.sort(ns);
        System.out.printf("K%d load %.1f %s: %d instances, %d feasible, %d cut at %d; steps median %d p99 %d max %d; "
                        + "time median %.2f ms max %.1f ms total %.1f s%n", n, load, legacy ? "old" : "new", count, feasible, cut,
                limit, st[count / 2], st[count * 99 / 100], st[count - 1], ns[count / 2] / 1e6, ns[count - 1] / 1e6,
                Arrays.stream(ns).sum() / 1e9);
    }
}
