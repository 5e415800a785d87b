package org.doji.rm.soap.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.wss4j.common.cache.ReplayCache;

/**
 * The UsernameTokens a service has accepted, remembered until they would be stale anyway, so that the same
 * (Nonce, Created) pair is accepted once: WSS4J's {@link ReplayCache} contract on the service's injected
 * {@link Clock} (WSS4J's own {@code MemoryReplayCache} reads the system clock and has no bound) with a fixed
 * maximum size, plus {@link #addIfAbsent}, which checks and records in one step (two concurrent copies of one
 * message cannot both pass). One instance serves every port of a service.
 *
 * <p>Bounded: expired entries are dropped as new ones arrive (oldest first, and all of them when the cache is
 * full). When it is full of entries that have not expired, {@link #addIfAbsent} answers {@code false}: a token
 * that cannot be remembered is refused rather than accepted without replay protection.
 */
public final class NonceCache implements ReplayCache, SeenNonces {

    /** Why {@link #addIfAbsent} did not record an identifier. */
    public enum Outcome { ADDED, REPLAYED, FULL }

    private final Clock clock;
    private final int maxSize;
    private final Duration defaultTtl;
    /** identifier -> expiry, in insertion order (roughly expiry order: Created is close to now). */
    private final LinkedHashMap<String, Instant> entries = new LinkedHashMap<>();

    public NonceCache(Clock clock, int maxSize, Duration defaultTtl) {
        if (maxSize < 1) {
            throw new IllegalArgumentException("the nonce cache needs room for at least one entry");
        }
        this.clock = clock;
        this.maxSize = maxSize;
        this.defaultTtl = defaultTtl;
    }

    /** Records {@code id} until {@code expiry} unless it is already there (and not expired), or there is no room. */
    @Override
    public synchronized Outcome addIfAbsent(String id, Instant expiry) {
        Instant now = clock.instant();
        dropExpiredHead(now);
        Instant known = entries.get(id);
        if (known != null && known.isAfter(now)) {
            return Outcome.REPLAYED;
        }
        if (known == null && entries.size() >= maxSize) {
            entries.values().removeIf(e -> !e.isAfter(now));
            if (entries.size() >= maxSize) {
                return Outcome.FULL;
            }
        }
        entries.remove(id);
        entries.put(id, expiry);
        return Outcome.ADDED;
    }

    @Override
    public void add(String id) {
        add(id, clock.instant().plus(defaultTtl));
    }

    @Override
    public void add(String id, Instant expiry) {
        addIfAbsent(id, expiry == null ? clock.instant().plus(defaultTtl) : expiry);
    }

    @Override
    public synchronized boolean contains(String id) {
        Instant expiry = entries.get(id);
        return expiry != null && expiry.isAfter(clock.instant());
    }

    /** Entries held, expired ones not yet dropped included. */
    public synchronized int size() {
        return entries.size();
    }

    public int maxSize() {
        return maxSize;
    }

    @Override
    public synchronized void close() {
        entries.clear();
    }

    private void dropExpiredHead(Instant now) {
        Iterator<Map.Entry<String, Instant>> it = entries.entrySet().iterator();
        while (it.hasNext()) {
            if (it.next().getValue().isAfter(now)) {
                return;
            }
            it.remove();
        }
    }
}
