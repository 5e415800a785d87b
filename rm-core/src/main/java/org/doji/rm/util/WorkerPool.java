package org.doji.rm.util;

import java.time.Duration;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.context.SmartLifecycle;

/**
 * A fixed pool of daemon threads named {@code name-1}, {@code name-2}, ..., stopped as a Spring lifecycle bean:
 * after the web server (which finishes its requests first, and they give the pool work) and before any bean is
 * destroyed (the database is still open), it lets the tasks given to it finish and only interrupts what still
 * runs after a grace period ({@link GracefulStop}). A pool whose tasks give work to another pool stops in a later
 * phase than that one (a higher {@code phase} stops earlier).
 */
public final class WorkerPool extends ThreadPoolExecutor implements SmartLifecycle {

    /** Stops after the web server (Spring Boot's stops at {@code DEFAULT_PHASE - 2048}). */
    public static final int PHASE = SmartLifecycle.DEFAULT_PHASE - 4096;

    private final String name;
    private final int phase;
    private final Duration stopGrace;
    private volatile boolean running;

    public WorkerPool(String name, int threads, int phase) {
        this(name, threads, phase, GracefulStop.DEFAULT_GRACE);
    }

    public WorkerPool(String name, int threads, int phase, Duration stopGrace) {
        super(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), daemons(name));
        this.name = name;
        this.phase = phase;
        this.stopGrace = stopGrace;
    }

    @Override
    public void start() {
        running = true;
    }

    /** Takes no new task; the ones given finish within the grace, then the rest are interrupted. */
    @Override
    public void stop() {
        running = false;
        GracefulStop.stop(this, stopGrace, name);
    }

    @Override
    public boolean isRunning() {
        return running && !isShutdown();
    }

    @Override
    public int getPhase() {
        return phase;
    }

    private static java.util.concurrent.ThreadFactory daemons(String name) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, name + "-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
