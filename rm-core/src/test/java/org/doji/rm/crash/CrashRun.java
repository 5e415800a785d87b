package org.doji.rm.crash;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import org.doji.rm.model.ReservationView;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.doji.rm.testing.RmProcess;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One crash run against an RM process: the workload's clients call it over SOAP while it is {@code kill -9}ed and
 * restarted on its file database after seeded numbers of answered calls; then the checker reads its real state.
 * Settings come from system properties: {@code crash.seed}, {@code crash.threads}, {@code crash.operations}
 * (per thread) and {@code crash.kills}.
 */
public final class CrashRun {

    private static final Logger log = LoggerFactory.getLogger(CrashRun.class);

    /** What a run did and what the checker found. */
    public record Result(long seed, int answered, int lost, int refused, int acknowledged, int kills,
                         Map<String, ReservationView> finalState, List<String> violations) {
        @Override
        public String toString() {
            return "seed " + seed + ": " + answered + " calls answered (" + acknowledged + " OK, " + refused + " refused), "
                    + lost + " answers lost and sent again, " + kills + " kill -9, " + finalState.size()
                    + " reservations checked, " + violations.size() + " violations";
        }
    }

    private final RmProcess rm;
    private final CrashTarget target;
    private final Duration holdTimeout;
    private final long seed = Long.getLong("crash.seed", 1);
    private final int threads = Integer.getInteger("crash.threads", 4);
    private final int operations = Integer.getInteger("crash.operations", 60);
    private final int kills = Integer.getInteger("crash.kills", 4);

    public CrashRun(RmProcess rm, CrashTarget target, Duration holdTimeout) {
        this.rm = rm;
        this.target = target;
        this.holdTimeout = holdTimeout;
    }

    private RemoteResourceManager client() {
        return new RemoteResourceManager(rm.url(), Duration.ofSeconds(2), Duration.ofSeconds(20));
    }

    public Result run() throws InterruptedException {
        CrashWorkload workload = new CrashWorkload(this::client, target, CrashTarget.overlappingWindows(6), seed,
                Duration.ofMinutes(3));
        Random rnd = new Random(seed);
        int total = threads * operations;
        List<Integer> killAt = new ArrayList<>();
        for (int i = 0; i < kills; i++) {
            killAt.add(total / 10 + rnd.nextInt(Math.max(1, total * 8 / 10)));
        }
        killAt.sort(null);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread clients = new Thread(() -> {
            try {
                workload.run(threads, operations);
            } catch (Throwable e) {
                failed.set(e);
            }
        }, "crash-clients");
        clients.start();
        int done = 0;
        for (int at : killAt) {
            await("answered calls reaching " + at).atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofMillis(20))
                    .until(() -> workload.answered() >= at || !clients.isAlive());
            if (!clients.isAlive()) {
                break;
            }
            log.info("kill -9 of the RM after {} answered calls", workload.answered());
            rm.crashAndRestart();
            done++;
        }
        clients.join();
        if (failed.get() != null) {
            throw new IllegalStateException("the clients failed", failed.get());
        }
        rm.crashAndRestart(); // once more at rest: what is in the file is all there is
        done++;
        CrashChecker checker = new CrashChecker(client(), workload);
        Map<String, ReservationView> state = checker.awaitHoldsExpired(holdTimeout.plusSeconds(60));
        Result result = new Result(seed, workload.answered(), workload.lost(), workload.refused(),
                workload.acknowledged().size(), done, state, checker.violations(state));
        log.info("crash run: {}", result);
        result.violations().forEach(v -> log.warn("violation: {}", v));
        return result;
    }
}
