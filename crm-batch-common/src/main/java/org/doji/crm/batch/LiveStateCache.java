package org.doji.crm.batch;

import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.doji.rm.spi.LiveState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The batch system's live state, read again only when the last reading is older than {@code ttl}: the
 * kernel asks at every reserve and availability query, and each reading is a command. A reading that failed
 * (system unreachable) is not kept. Ages are measured in real elapsed time, whatever clock the kernel runs on.
 * The operator sees one WARN line when the system becomes unreachable and one line when it answers again, not one
 * per query.
 */
public final class LiveStateCache {

    private static final Logger log = LoggerFactory.getLogger(LiveStateCache.class);

    private final String system;
    private final Supplier<LiveState> read;
    private final long ttlNanos;
    private final LongSupplier nanoTime;
    private LiveState last;
    private long readAt;
    private boolean unreachable;

    /** @param system the batch system's name, for the log */
    public LiveStateCache(String system, Supplier<LiveState> read, Duration ttl) {
        this(system, read, ttl, System::nanoTime);
    }

    LiveStateCache(String system, Supplier<LiveState> read, Duration ttl, LongSupplier nanoTime) {
        this.system = system;
        this.read = read;
        this.ttlNanos = ttl.toNanos();
        this.nanoTime = nanoTime;
    }

    public synchronized LiveState get() {
        long now = nanoTime.getAsLong();
        if (last == null || now - readAt >= ttlNanos) {
            LiveState fresh = read.get();
            last = fresh.reachable() ? fresh : null;
            readAt = now;
            if (!fresh.reachable() && !unreachable) {
                log.warn("{} unreachable: {}", system, fresh.message());
            } else if (fresh.reachable() && unreachable) {
                log.info("{} reachable again: {}", system, fresh.message());
            }
            unreachable = !fresh.reachable();
            return fresh;
        }
        return last;
    }
}
