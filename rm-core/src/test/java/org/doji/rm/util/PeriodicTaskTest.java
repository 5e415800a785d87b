package org.doji.rm.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PeriodicTaskTest {

    @Test
    void runsUntilStopped() {
        AtomicInteger runs = new AtomicInteger();
        PeriodicTask task = new PeriodicTask("t", Duration.ofMillis(5), runs::incrementAndGet);
        task.start();
        await().atMost(Duration.ofSeconds(5)).until(() -> runs.get() >= 3);
        task.stop();
        assertThat(task.isRunning()).isFalse();
        int after = runs.get();
        task.runNow(); // ignored once stopped
        await().during(Duration.ofMillis(100)).atMost(Duration.ofSeconds(1)).until(() -> runs.get() == after);
    }

    @Test
    void aFailingRunDoesNotEndTheSchedule() {
        AtomicInteger runs = new AtomicInteger();
        PeriodicTask task = new PeriodicTask("t", Duration.ofMillis(5), () -> {
            runs.incrementAndGet();
            throw new IllegalStateException("boom");
        });
        task.start();
        await().atMost(Duration.ofSeconds(5)).until(() -> runs.get() >= 3);
        task.stop();
    }

    /** An interrupt during file I/O closes an embedded H2 file under the whole service: stop waits instead. */
    @Test
    void stopLetsTheRunInProgressFinishWithoutAnInterrupt() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        AtomicBoolean finished = new AtomicBoolean();
        AtomicInteger runs = new AtomicInteger();
        PeriodicTask task = new PeriodicTask("t", Duration.ofMillis(5), () -> {
            if (runs.incrementAndGet() > 1) {
                return;
            }
            started.countDown();
            try {
                release.await();
                finished.set(true);
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
        }, Duration.ofSeconds(30));
        task.start();
        assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
        Thread stopper = new Thread(task::stop);
        stopper.start();
        await().atMost(Duration.ofSeconds(5)).until(() -> !task.isRunning());
        assertThat(stopper.isAlive()).as("stop waits for the run in progress").isTrue();
        release.countDown();
        stopper.join(5_000);
        assertThat(stopper.isAlive()).isFalse();
        assertThat(interrupted).as("the run was interrupted").isFalse();
        assertThat(finished).isTrue();
        assertThat(runs.get()).as("no run after the stop").isEqualTo(1);
    }

    @Test
    void aRunStillGoingAfterTheGraceIsInterrupted() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        PeriodicTask task = new PeriodicTask("t", Duration.ofMillis(5), () -> {
            started.countDown();
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
        }, Duration.ofMillis(200));
        task.start();
        assertThat(started.await(5, TimeUnit.SECONDS)).isTrue();
        task.stop();
        await().atMost(Duration.ofSeconds(5)).untilTrue(interrupted);
    }
}
