package org.doji.rm.util;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs a task on its own daemon thread every {@code interval} while the application runs (a Spring
 * lifecycle bean). A failing run is logged and the next one goes ahead: the tasks here (expiring holds,
 * starting and ending reservations) decide what is due from their injected clock, so a missed run is
 * caught up by the next.
 */
public class PeriodicTask implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PeriodicTask.class);

    private final String name;
    private final Duration interval;
    private final Runnable task;
    private ScheduledExecutorService executor;

    public PeriodicTask(String name, Duration interval, Runnable task) {
        if (interval == null || interval.isZero() || interval.isNegative()) {
            throw new IllegalArgumentException(name + ": the interval must be positive, was " + interval);
        }
        this.name = name;
        this.interval = interval;
        this.task = task;
    }

    @Override
    public synchronized void start() {
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        executor.scheduleWithFixedDelay(this::runSafely, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void runSafely() {
        try {
            task.run();
        } catch (RuntimeException e) {
            log.error("{} failed; it runs again in {}", name, interval, e);
        }
    }

    /** Runs the task once more as soon as its thread is free (never two runs at once); ignored when stopped. */
    public synchronized void runNow() {
        if (executor != null) {
            try {
                executor.execute(this::runSafely);
            } catch (java.util.concurrent.RejectedExecutionException stopping) {
                // stopping: the next start runs it anyway
            }
        }
    }

    @Override
    public synchronized void stop() {
        if (executor != null) {
            executor.shutdownNow();
            executor = null;
        }
    }

    @Override
    public synchronized boolean isRunning() {
        return executor != null;
    }
}
