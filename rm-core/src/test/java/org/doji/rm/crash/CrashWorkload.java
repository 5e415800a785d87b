package org.doji.rm.crash;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.TimeWindow;

/**
 * A seeded random stream of reserve / commit / abort / modify / cancel calls from several threads, each thread
 * on reservations of its own (so the calls on one reservation are ordered). A call whose answer is lost (the RM
 * was killed, or is down) is sent again with the same correlation id and payload until the RM answers; every
 * answer is recorded: the checker holds the RM to them.
 */
public final class CrashWorkload {

    /** One mutating call answered OK: what was sent and what came back. */
    public record Call(String op, String key, String correlationId, ReservationSpec spec, ReservationView answer) {
    }

    private static final Caller CALLER = Caller.ANONYMOUS;

    private final Supplier<ResourceManager> clients;
    private final CrashTarget target;
    private final List<TimeWindow> windows;
    private final long seed;
    private final Duration retryFor;
    private final AtomicInteger answered = new AtomicInteger();
    private final AtomicInteger lost = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();
    private final List<Call> acknowledged = Collections.synchronizedList(new ArrayList<>());
    /** Per reservation, the last OK answer to a mutating call: what the RM has acknowledged. */
    private final Map<String, ReservationView> lastAnswer = new ConcurrentHashMap<>();

    public CrashWorkload(Supplier<ResourceManager> clients, CrashTarget target, List<TimeWindow> windows, long seed,
                         Duration retryFor) {
        this.clients = clients;
        this.target = target;
        this.windows = windows;
        this.seed = seed;
        this.retryFor = retryFor;
    }

    /** Runs {@code threads} threads of {@code operations} operations each; returns when all are done. */
    public void run(int threads, int operations) throws InterruptedException {
        List<Thread> running = new ArrayList<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            Thread th = new Thread(() -> new Driver(thread).run(operations), "crash-client-" + t);
            th.setUncaughtExceptionHandler((x, e) -> failure.compareAndSet(null, e));
            th.start();
            running.add(th);
        }
        for (Thread th : running) {
            th.join();
        }
        if (failure.get() != null) {
            throw new IllegalStateException("a client thread failed", failure.get());
        }
    }

    public int answered() {
        return answered.get();
    }

    public int lost() {
        return lost.get();
    }

    public int refused() {
        return refused.get();
    }

    public List<Call> acknowledged() {
        synchronized (acknowledged) {
            return List.copyOf(acknowledged);
        }
    }

    public Map<String, ReservationView> lastAnswers() {
        return Map.copyOf(lastAnswer);
    }

    public List<TimeWindow> windows() {
        return windows;
    }

    public CrashTarget target() {
        return target;
    }

    /** Sends {@code call} until the RM answers; returns the answer, or null when the RM refused it. */
    static ReservationView untilAnswered(Duration atMost, Supplier<ReservationView> call, Runnable onLost) {
        AtomicReference<ReservationView> answer = new AtomicReference<>();
        await("an answer").atMost(atMost).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(200)).until(() -> {
            try {
                answer.set(call.get());
                return true;
            } catch (DojiException e) {
                if (isLost(e)) {
                    onLost.run();
                    return false;
                }
                return true; // a refusal: a definite answer, nothing changed
            }
        });
        return answer.get();
    }

    /** The transport failed (connection refused or reset, no answer): the call may or may not have happened. */
    static boolean isLost(DojiException e) {
        return "RM_UNREACHABLE".equals(e.errorCode()) || "REMOTE_FAULT".equals(e.errorCode());
    }

    /** One client thread: its own random stream, its own reservations. */
    private final class Driver {
        private final int thread;
        private final Random rnd;
        private final ResourceManager rm = clients.get();
        private final List<String> mine = new ArrayList<>();
        private int calls;

        Driver(int thread) {
            this.thread = thread;
            this.rnd = new Random(seed * 1_000_003L + thread);
        }

        void run(int operations) {
            for (int i = 0; i < operations; i++) {
                String key = mine.isEmpty() || rnd.nextInt(100) < 35 ? null : mine.get(rnd.nextInt(mine.size()));
                if (key == null) {
                    ReservationView held = send("reserve", null, randomSpec());
                    if (held != null) {
                        mine.add(held.key());
                        decide(held.key());
                    }
                    continue;
                }
                ReservationView now = current(key);
                if (now == null) {
                    mine.remove(key); // the RM forgot an acknowledged reservation: the checker reports it
                } else if (now.pendingChange() != PendingChange.None) {
                    decide(key); // a hold left undecided earlier (it may have expired meanwhile)
                } else if (now.lifecycleState().isFinal()) {
                    if (send("cancel", key, null) != null && rnd.nextBoolean()) {
                        send("commit", key, null); // both no-ops on a dead reservation
                    }
                } else if (rnd.nextBoolean()) {
                    if (send("modify", key, randomSpec()) != null) {
                        decide(key);
                    }
                } else if (send("cancel", key, null) != null) {
                    decide(key);
                }
            }
        }

        /** Phase two of what is held: commit (60 %), abort (30 %) or leave it undecided, to expire (10 %). */
        private void decide(String key) {
            int d = rnd.nextInt(10);
            if (d < 6) {
                send("commit", key, null);
            } else if (d < 9) {
                send("abort", key, null);
            }
        }

        private ReservationSpec randomSpec() {
            return target.spec(windows.get(rnd.nextInt(windows.size())), 1 + rnd.nextInt(2));
        }

        private ReservationView current(String key) {
            return untilAnswered(retryFor, () -> rm.get(CALLER, key), () -> { });
        }

        private ReservationView send(String op, String key, ReservationSpec spec) {
            String id = "s" + seed + "-t" + thread + "-" + (++calls);
            ReservationView answer = untilAnswered(retryFor, () -> switch (op) {
                case "reserve" -> rm.reserve(CALLER, id, spec, null);
                case "commit" -> rm.commit(CALLER, key, id);
                case "abort" -> rm.abort(CALLER, key, id);
                case "modify" -> rm.modify(CALLER, key, id, spec);
                case "cancel" -> rm.cancel(CALLER, key, id);
                default -> throw new IllegalArgumentException(op);
            }, lost::incrementAndGet);
            answered.incrementAndGet();
            if (answer == null) {
                refused.incrementAndGet();
                return null;
            }
            acknowledged.add(new Call(op, answer.key(), id, spec, answer));
            lastAnswer.put(answer.key(), answer); // calls on one reservation come from one thread, in order
            return answer;
        }
    }
}
