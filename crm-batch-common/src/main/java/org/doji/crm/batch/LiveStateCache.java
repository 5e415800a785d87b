package org.doji.crm.batch;

import java.time.Duration;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.doji.rm.spi.LiveState;

/**
 * The batch system's live state, read again only when the last reading is older than {@code ttl}: the
 * kernel asks at every reserve and availability query, and each reading is a command. A reading that failed
 * (system unreachable) is not kept. Ages are measured in real elapsed time, whatever clock the kernel runs on.
 */
public final class LiveStateCache {

    private final Supplier<LiveState> read;
    private final long ttlNanos;
    private final LongSupplier nanoTime;
    private LiveState last;
    private long readAt;

    public LiveStateCache(Supplier<LiveState> read, Duration ttl) {
        this(read, ttl, System::nanoTime);
    }

    LiveStateCache(Supplier<LiveState> read, Duration ttl, LongSupplier nanoTime) {
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
            return fresh;
        }
        return last;
    }
}
