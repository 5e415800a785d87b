package org.doji.rm.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.support.GenericApplicationContext;

class WorkerPoolTest {

    /** An interrupt during file I/O closes an embedded H2 file under the whole service: the stop waits instead. */
    @Test
    void aStopLetsTheTasksGivenFinishWithoutAnInterrupt() throws Exception {
        WorkerPool pool = new WorkerPool("w", 1, WorkerPool.PHASE, Duration.ofSeconds(30));
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        pool.submit(() -> {
            started.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                interrupted.set(true);
            }
        });
        Future<String> queued = pool.submit(() -> "ran");
        started.await();
        Thread stopper = new Thread(pool::stop);
        stopper.start();
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(5)).until(pool::isShutdown);
        assertThatThrownBy(() -> pool.submit(() -> { })).isInstanceOf(RejectedExecutionException.class);
        release.countDown();
        stopper.join(10_000);
        assertThat(interrupted).as("interrupted").isFalse();
        assertThat(queued.get(1, TimeUnit.SECONDS)).isEqualTo("ran");
        assertThat(pool.isTerminated()).isTrue();
    }

    @Test
    void aTaskStillRunningAfterTheGraceIsInterrupted() throws Exception {
        WorkerPool pool = new WorkerPool("w", 1, WorkerPool.PHASE, Duration.ofMillis(200));
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch interrupted = new CountDownLatch(1);
        pool.submit(() -> {
            started.countDown();
            try {
                new CountDownLatch(1).await();
            } catch (InterruptedException e) {
                interrupted.countDown();
            }
        });
        started.await();
        pool.stop();
        assertThat(interrupted.await(5, TimeUnit.SECONDS)).isTrue();
    }

    /** Spring stops the pool as a lifecycle bean, after the beans of higher phases (the web server) and before any bean is destroyed. */
    @Test
    void theContextStopsThePoolAfterTheWebServersPhaseAndBeforeDestroyingBeans() {
        java.util.List<String> order = new java.util.concurrent.CopyOnWriteArrayList<>();
        WorkerPool pool = new WorkerPool("w", 1, WorkerPool.PHASE);
        try (GenericApplicationContext context = new GenericApplicationContext()) {
            context.registerBean("pool", WorkerPool.class, () -> pool);
            context.registerBean("webServer", SmartLifecycle.class, () -> new Recording(order, "web server stopped",
                    SmartLifecycle.DEFAULT_PHASE - 2048, () -> order.add("pool shut down when the web server stopped: "
                            + pool.isShutdown())));
            context.registerBean("database", AutoCloseable.class, () -> () -> order.add("database closed, pool terminated: "
                    + pool.isTerminated()));
            context.refresh();
            assertThat(pool.isRunning()).isTrue();
        }
        assertThat(order).containsExactly("pool shut down when the web server stopped: false", "web server stopped",
                "database closed, pool terminated: true");
    }

    private static final class Recording implements SmartLifecycle {
        private final java.util.List<String> order;
        private final String stopped;
        private final int phase;
        private final Runnable atStop;
        private volatile boolean running;

        Recording(java.util.List<String> order, String stopped, int phase, Runnable atStop) {
            this.order = order;
            this.stopped = stopped;
            this.phase = phase;
            this.atStop = atStop;
        }

        @Override
        public void start() {
            running = true;
        }

        @Override
        public void stop() {
            atStop.run();
            order.add(stopped);
            running = false;
        }

        @Override
        public boolean isRunning() {
            return running;
        }

        @Override
        public int getPhase() {
            return phase;
        }
    }
}
