package org.doji.rm.util;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops an executor the way a service must stop the threads that write its database: no new task is taken, the
 * tasks already given finish (for up to a grace period), and only then are the rest interrupted. An interrupt
 * during file I/O closes the channel under an embedded H2 file ({@code ClosedByInterruptException}), which fails
 * every later statement of every thread of the service.
 */
public final class GracefulStop {

    /** How long a stop waits, unless told otherwise, for the tasks given before it interrupts them. */
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(10);

    private static final Logger log = LoggerFactory.getLogger(GracefulStop.class);

    private GracefulStop() {
    }

    /** Returns whether every task finished within {@code grace} (else they were interrupted, with a WARN). */
    public static boolean stop(ExecutorService executor, Duration grace, String name) {
        executor.shutdown();
        try {
            if (executor.awaitTermination(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                return true;
            }
            log.warn("{} still runs {} after the stop; interrupting it", name, grace);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        executor.shutdownNow();
        return false;
    }
}
