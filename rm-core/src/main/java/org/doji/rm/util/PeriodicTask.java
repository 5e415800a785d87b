package org.doji.rm.util;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs a task on its own daemon thread every {@code interval} while the application runs (a Spring
 * lifecycle bean). A failing run is logged and the next one goes ahead: the tasks here (expiring holds,
 * starting and ending reservations) decide what is due from their injected clock, so a missed run is
 * caught up by the next.
 *
 * <p>Stopping lets a run in progress finish (for up to {@code stopGrace}) instead of interrupting it: these
 * tasks write to the database and run backend commands, and an interrupt during file I/O closes the channel
 * under an embedded H2 file ({@code ClosedByInterruptException}), which fails every later statement of the
 * service, while the web server (stopped after this, in a lower lifecycle phase) still finishes its requests.
 */
public class PeriodicTask implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(PeriodicTask.class);

    private final String name;
    private final Duration interval;
    private final Runnable task;
    private final Duration stopGrace;
    private ScheduledExecutorService executor;

    public PeriodicTask(String name, Duration interval, Runnable task) {
        this(name, interval, task, GracefulStop.DEFAULT_GRACE);
    }

    PeriodicTask(String name, Duration interval, Runnable task, Duration stopGrace) {
        if (interval == null || interval.isZero() || interval.isNegative()) {
            throw new IllegalArgumentException(name + ": the interval must be positive, was " + interval);
        }
        this.name = name;
        this.interval = interval;
        this.task = task;
        this.stopGrace = stopGrace;
    }

    @Override
    public synchronized void start() {
        ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        pool.setExecuteExistingDelayedTasksAfterShutdownPolicy(false); // a queued runNow is dropped at the stop too
        executor = pool;
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

    /** No run starts after this; the one in progress, if any, finishes first (interrupted only after the grace). */
    @Override
    public void stop() {
        ScheduledExecutorService stopping;
        synchronized (this) {
            stopping = executor;
            executor = null;
        }
        if (stopping == null) {
            return;
        }
        GracefulStop.stop(stopping, stopGrace, name);
    }

    @Override
    public synchronized boolean isRunning() {
        return executor != null;
    }
}
