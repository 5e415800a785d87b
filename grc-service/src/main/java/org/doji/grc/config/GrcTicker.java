package org.doji.grc.config;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.doji.grc.core.CoAllocationService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/** Periodically lets the service move co-allocations along in time (Reserved -> Active -> Completed). */
public class GrcTicker implements SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(GrcTicker.class);

    private final CoAllocationService service;
    private final Duration interval;
    private ScheduledExecutorService executor;

    public GrcTicker(CoAllocationService service, Duration interval) {
        this.service = service;
        this.interval = interval;
    }

    @Override
    public synchronized void start() {
        executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "doji-grc-tick");
            t.setDaemon(true);
            return t;
        });
        executor.scheduleWithFixedDelay(() -> {
            try {
                service.tick();
            } catch (RuntimeException e) {
                log.error("GRC tick failed; will retry", e);
            }
        }, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
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
