package org.doji.it.bench;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.it.faults.GrcClient;

/**
 * The benchmark's users: each client creates a co-allocation (3 sites x 4 cores, 3 links x 1 Gbps, 1 h within a 2 h
 * start range, as {@link CoAllocationBenchmark}), learns its outcome, and creates the next, back to back. How it
 * learns it is the {@link Mode}: by polling GetResourcePropertyDocument, or by a WS-BaseNotification to its consumer
 * EPR (given with createCoAllocation: a subscription to every change of that co-allocation). Latency is what the
 * client sees: from sending createCoAllocation to knowing the outcome.
 */
final class DeployedLoad {

    enum Mode {
        /** GetResourcePropertyDocument every poll interval until the state is final */
        POLL,
        /** a consumer EPR with createCoAllocation, notified of every change (Reserving, Committing, Reserved) */
        NOTIFY,
        /** a consumer EPR notified only of the final states (notifyOn): one Notify per co-allocation */
        NOTIFY_FINAL;

        String label() {
            return switch (this) {
                case POLL -> "polling";
                case NOTIFY -> "notified";
                case NOTIFY_FINAL -> "notified-final";
            };
        }
    }

    /** The states that settle a co-allocation, as a client waiting for its outcome asks to be notified of them. */
    private static final List<CoAllocationState> FINAL = List.of(CoAllocationState.RESERVED, CoAllocationState.FAILED,
            CoAllocationState.CANCELLED, CoAllocationState.COMPLETED);

    /**
     * One run's outcome: co-allocations reserved and not, seconds, client-seen latencies of the reserved ones, and the
     * clients' SOAP calls to the GRC (createCoAllocation and the polls).
     */
    record Result(int reserved, int failed, double seconds, Stats latency, long clientCalls) {
        double rate() {
            return reserved / seconds;
        }
    }

    /** 3 h ranges ahead of the booking horizon, each request its own (concurrent ones never compete); then again. */
    private static final int RANGES = 2800;

    private final NotifyConsumer consumer;
    private final int pollMs;
    private final Instant base = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.DAYS);
    private final AtomicLong sequence = new AtomicLong();

    DeployedLoad(NotifyConsumer consumer, int pollMs) {
        this.consumer = consumer;
        this.pollMs = pollMs;
    }

    /**
     * {@code clients} users of the GRC at {@code grcUrl} for {@code seconds}; {@code mode} null: each client
     * alternates polling and notified.
     */
    Result run(String grcUrl, int clients, int seconds, Mode mode) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        AtomicInteger reserved = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicLong calls = new AtomicLong();
        Stats latency = new Stats();
        long t0 = System.nanoTime();
        long deadline = t0 + TimeUnit.SECONDS.toNanos(seconds);
        List<Future<?>> running = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            GrcClient port = new GrcClient(grcUrl);
            running.add(pool.submit(() -> {
                for (long i = 0; System.nanoTime() < deadline; i++) {
                    Mode m = mode != null ? mode : i % 2 == 0 ? Mode.POLL : Mode.NOTIFY;
                    long start = System.nanoTime();
                    boolean ok = one(port, m, calls) == CoAllocationState.RESERVED;
                    (ok ? reserved : failed).incrementAndGet();
                    if (ok) {
                        latency.add((System.nanoTime() - start) / 1e6);
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : running) {
            f.get(seconds + 180L, TimeUnit.SECONDS);
        }
        pool.shutdownNow();
        return new Result(reserved.get(), failed.get(), (System.nanoTime() - t0) / 1e9, latency, calls.get());
    }

    private CoAllocationState one(GrcClient port, Mode mode, AtomicLong calls) throws Exception {
        calls.incrementAndGet();
        String key = port.create(UUID.randomUUID().toString(), request(), mode == Mode.POLL ? null : consumer.address(),
                mode == Mode.NOTIFY_FINAL ? FINAL : List.of());
        if (mode != Mode.POLL) {
            try {
                return CoAllocationState.fromValue(consumer.future(key).get(2, TimeUnit.MINUTES));
            } finally {
                consumer.forget(key);
            }
        }
        CoAllocationDocument d;
        do {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(pollMs));
            calls.incrementAndGet();
            d = port.document(key);
        } while (!GrcClient.isFinal(d.getState()));
        return d.getState();
    }

    private CoAllocationRequest request() {
        Instant est = base.plus(3 * (sequence.getAndIncrement() % RANGES), ChronoUnit.HOURS);
        return GrcClient.request(Map.of("a", 4, "b", 4, "c", 4), Map.of(), 1000,
                GrcClient.flexible(est, est.plus(2, ChronoUnit.HOURS), Duration.ofHours(1)));
    }
}
