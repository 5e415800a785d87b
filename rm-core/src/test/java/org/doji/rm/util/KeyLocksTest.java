package org.doji.rm.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class KeyLocksTest {

    private final KeyLocks locks = new KeyLocks();

    @Test
    void oneKeyIsEnteredByOneThreadAtATime() throws Exception {
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < 2_000; i++) {
                done.add(pool.submit(() -> locks.withLock("k", () -> {
                    most.accumulateAndGet(inside.incrementAndGet(), Math::max);
                    inside.decrementAndGet();
                })));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(most.get()).isEqualTo(1);
        assertThat(locks.size()).as("no lock is kept once nobody uses it").isZero();
    }

    @Test
    void differentKeysDoNotWaitForEachOtherAndABusyKeyIsSkippedByTry() throws Exception {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            pool.submit(() -> locks.withLock("a", () -> {
                held.countDown();
                try {
                    release.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
            assertThat(locks.tryWithLock("a", () -> { })).as("a is busy").isFalse();
            assertThat(locks.tryWithLock("b", () -> { })).as("b is free").isTrue();
            assertThat(locks.withLock("c", () -> locks.withLock("c", () -> "reentrant"))).isEqualTo("reentrant");
            release.countDown();
        } finally {
            pool.shutdown();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
        assertThat(locks.tryWithLock("a", () -> { })).isTrue();
        assertThat(locks.size()).isZero();
    }
}
