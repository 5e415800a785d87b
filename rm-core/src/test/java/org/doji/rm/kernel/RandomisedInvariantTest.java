package org.doji.rm.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.CountableDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seeded random operations against the kernel. Concurrent: several callers reserve, commit, abort,
 * modify and cancel while a driver thread moves virtual time and ticks; capacity is never exceeded at
 * any breakpoint, nothing stays held past its expiry, and the calendar in memory equals the one a
 * restart rebuilds from the store. Sequential: every abort and every hold timeout restores the
 * calendar exactly.
 */
class RandomisedInvariantTest {

    private static final int THREADS = 4;
    private static final int OPS_PER_THREAD = 1500;
    private static final Duration HOLD = Duration.ofSeconds(120);

    private static KernelFixture fixture() {
        return new KernelFixture(KernelFixture.inventory(16, List.of()), KernelFixture.settings(HOLD, Map.of()));
    }

    private static ReservationSpec randomSpec(Random rnd, Instant now) {
        Instant start = now.plus(Duration.ofMinutes(15L * rnd.nextInt(96)));
        TimeWindow w = new TimeWindow(start, start.plus(Duration.ofMinutes(15L * (1 + rnd.nextInt(8)))));
        List<CountableDemand> lic = rnd.nextInt(3) == 0 ? List.of(new CountableDemand("lic", 1 + rnd.nextInt(4))) : List.of();
        return new ReservationSpec(w, List.of(new ComputeDemand("s", 1 + rnd.nextInt(16), List.of())), List.of(), lic,
                List.of(), null);
    }

    @ParameterizedTest
    @ValueSource(longs = {1L, 20261122L})
    void concurrentCallersNeverOversubscribeAndNothingOutlivesItsHold(long seed) throws Exception {
        KernelFixture f = fixture();
        AtomicBoolean running = new AtomicBoolean(true);
        ConcurrentLinkedQueue<String> violations = new ConcurrentLinkedQueue<>();
        AtomicInteger granted = new AtomicInteger();
        AtomicInteger expiredCommitsRefused = new AtomicInteger();
        AtomicInteger opsDone = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS + 1);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> workers = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            Random rnd = new Random(seed * 31 + t);
            Caller caller = Caller.coordinator("grc" + (t % 2)); // two coordinators share the RM
            workers.add(pool.submit(() -> {
                go.await();
                List<String> mine = new ArrayList<>();
                for (int i = 0; i < OPS_PER_THREAD; i++) {
                    opsDone.incrementAndGet();
                    int op = rnd.nextInt(100);
                    try {
                        if (op < 35 || mine.isEmpty()) {
                            mine.add(f.kernel.reserve(caller, KernelFixture.id(), randomSpec(rnd, f.clock.instant()), "c").key());
                            granted.incrementAndGet();
                            continue;
                        }
                        String key = mine.get(rnd.nextInt(mine.size()));
                        if (op < 65) {
                            ReservationView before = f.kernel.get(caller, key);
                            boolean expired = before.reservationState() == ReservationState.ReserveHeld
                                    && !f.clock.instant().isBefore(before.holdExpires());
                            try {
                                f.kernel.commit(caller, key, KernelFixture.id());
                                if (expired) {
                                    violations.add("commit of " + key + " accepted after its hold expired");
                                }
                            } catch (DojiException e) {
                                if (expired) {
                                    expiredCommitsRefused.incrementAndGet();
                                }
                                throw e;
                            }
                        } else if (op < 78) {
                            f.kernel.abort(caller, key, KernelFixture.id());
                        } else if (op < 90) {
                            f.kernel.modify(caller, key, KernelFixture.id(), randomSpec(rnd, f.clock.instant()));
                        } else {
                            f.kernel.cancel(caller, key, KernelFixture.id());
                        }
                    } catch (DojiException e) {
                        if (e.kind() != FaultKind.RESOURCE_UNAVAILABLE && e.kind() != FaultKind.INVALID_STATE_TRANSITION
                                && e.kind() != FaultKind.INVALID_REQUEST) {
                            violations.add("unexpected fault " + e);
                        }
                    }
                }
                return null;
            }));
        }
        Random driverRnd = new Random(seed);
        Future<?> driver = pool.submit(() -> {
            go.await();
            int seen = 0;
            while (running.get()) {
                // one driver step per ~20 calls: time moves while callers work, without starving them
                while (running.get() && opsDone.get() < seen + 20) {
                    Thread.yield();
                }
                seen = opsDone.get();
                f.clock.advance(Duration.ofSeconds(driverRnd.nextInt(120)));
                Instant at = f.clock.instant();
                f.kernel.tick();
                for (ReservationView v : f.kernel.openReservations()) {
                    if (v.reservationState() == ReservationState.ReserveHeld && !v.holdExpires().isAfter(at)) {
                        violations.add(v.key() + " still held at " + at + ", expired " + v.holdExpires());
                    }
                }
                violations.addAll(f.kernel.capacityViolations());
            }
            return null;
        });
        go.countDown();
        for (Future<?> w : workers) {
            w.get(60, TimeUnit.SECONDS);
        }
        running.set(false);
        driver.get(60, TimeUnit.SECONDS);
        pool.shutdown();

        assertThat(violations).isEmpty();
        assertThat(f.kernel.capacityViolations()).isEmpty();
        assertThat(granted.get()).as("the workload must actually book").isGreaterThan(THREADS * OPS_PER_THREAD / 10);
        // memory equals the database: a restart rebuilds exactly the same calendar and open set
        Map<String, NavigableMap<Instant, Long>> profiles = f.kernel.usageProfiles();
        var open = f.kernel.openReservations().stream().map(ReservationView::key).sorted().toList();
        f.restart();
        assertThat(f.kernel.usageProfiles()).isEqualTo(profiles);
        assertThat(f.kernel.openReservations().stream().map(ReservationView::key).sorted().toList()).isEqualTo(open);
        // once every hold has expired, only committed bookings remain and they still fit
        f.clock.advance(HOLD);
        f.kernel.tick();
        assertThat(f.kernel.openReservations()).noneMatch(v -> v.reservationState() == ReservationState.ReserveHeld);
        assertThat(f.kernel.capacityViolations()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(longs = {7L, 42L})
    void everyAbortAndEveryTimeoutRestoresTheCalendarExactly(long seed) {
        KernelFixture f = fixture();
        Caller grc = KernelFixture.GRC;
        Random rnd = new Random(seed);
        // windows a day ahead: the hold timeouts this test drives never reach a start or an end
        Instant base = KernelFixture.T0.plus(Duration.ofDays(2));
        List<String> committed = new ArrayList<>();
        int checked = 0;
        for (int i = 0; i < 1500; i++) {
            var before = f.kernel.usageProfiles();
            String key;
            int kind = rnd.nextInt(3);
            try {
                if (kind == 0 || committed.isEmpty()) {
                    key = f.kernel.reserve(grc, KernelFixture.id(), randomSpec(rnd, base), "c").key();
                } else {
                    key = committed.get(rnd.nextInt(committed.size()));
                    if (kind == 1) {
                        f.kernel.modify(grc, key, KernelFixture.id(), randomSpec(rnd, base));
                    } else {
                        f.kernel.cancel(grc, key, KernelFixture.id());
                    }
                }
            } catch (DojiException e) {
                assertThat(e.kind()).isIn(FaultKind.RESOURCE_UNAVAILABLE, FaultKind.INVALID_STATE_TRANSITION);
                assertThat(f.kernel.usageProfiles()).isEqualTo(before);
                continue;
            }
            int outcome = rnd.nextInt(3);
            if (outcome == 0) {
                ReservationView v = f.kernel.commit(grc, key, KernelFixture.id());
                if (!v.lifecycleState().isFinal() && !committed.contains(key)) {
                    committed.add(key);
                } else if (v.lifecycleState().isFinal()) {
                    committed.remove(key);
                }
            } else {
                if (outcome == 1) {
                    f.kernel.abort(grc, key, KernelFixture.id());
                } else {
                    f.clock.advance(HOLD);
                    assertThat(f.kernel.tick()).isEqualTo(1);
                }
                assertThat(f.kernel.usageProfiles()).as("step %d", i).isEqualTo(before);
                checked++;
            }
            assertThat(f.kernel.capacityViolations()).isEmpty();
        }
        assertThat(checked).isGreaterThan(300);
    }
}
