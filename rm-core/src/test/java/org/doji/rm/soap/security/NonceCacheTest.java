package org.doji.rm.soap.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.Test;

class NonceCacheTest {

    private final SettableClock clock = new SettableClock(Instant.parse("2026-01-01T12:00:00Z"));

    @Test
    void anIdentifierIsAcceptedOnceUntilItExpires() {
        NonceCache cache = new NonceCache(clock, 10, Duration.ofMinutes(5));
        Instant expiry = clock.instant().plusSeconds(60);
        assertThat(cache.addIfAbsent("n1", expiry)).isEqualTo(NonceCache.Outcome.ADDED);
        assertThat(cache.addIfAbsent("n1", expiry)).isEqualTo(NonceCache.Outcome.REPLAYED);
        assertThat(cache.contains("n1")).isTrue();
        assertThat(cache.addIfAbsent("n2", expiry)).isEqualTo(NonceCache.Outcome.ADDED);
        clock.advance(Duration.ofSeconds(60));
        assertThat(cache.contains("n1")).isFalse();
        assertThat(cache.addIfAbsent("n3", clock.instant().plusSeconds(60))).isEqualTo(NonceCache.Outcome.ADDED);
        assertThat(cache.size()).as("the expired entries were dropped").isEqualTo(1);
    }

    @Test
    void itIsBoundedAndRefusesRatherThanForgetsAnUnexpiredEntry() {
        NonceCache cache = new NonceCache(clock, 3, Duration.ofMinutes(5));
        for (int i = 0; i < 3; i++) {
            assertThat(cache.addIfAbsent("n" + i, clock.instant().plusSeconds(100 - i))).isEqualTo(NonceCache.Outcome.ADDED);
        }
        assertThat(cache.addIfAbsent("n3", clock.instant().plusSeconds(100))).isEqualTo(NonceCache.Outcome.FULL);
        assertThat(cache.addIfAbsent("n0", clock.instant().plusSeconds(100))).isEqualTo(NonceCache.Outcome.REPLAYED);
        // the later-inserted entry with the earliest expiry goes first when full: no order assumed
        clock.advance(Duration.ofSeconds(98));
        assertThat(cache.addIfAbsent("n3", clock.instant().plusSeconds(100))).isEqualTo(NonceCache.Outcome.ADDED);
        assertThat(cache.size()).isEqualTo(3);
        assertThat(cache.contains("n2")).isFalse();
        assertThat(cache.contains("n0")).isTrue();
    }

    @Test
    void wss4jsReplayCacheContractOnTheInjectedClock() {
        NonceCache cache = new NonceCache(clock, 10, Duration.ofMinutes(5));
        cache.add("a");
        cache.add("b", clock.instant().plusSeconds(10));
        assertThat(cache.contains("a")).isTrue();
        assertThat(cache.contains("b")).isTrue();
        clock.advance(Duration.ofSeconds(10));
        assertThat(cache.contains("b")).isFalse();
        clock.advance(Duration.ofMinutes(5));
        assertThat(cache.contains("a")).isFalse();
        assertThatThrownBy(() -> new NonceCache(clock, 0, Duration.ofMinutes(5))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void ofManyConcurrentCopiesExactlyOneIsAdded() throws Exception {
        NonceCache cache = new NonceCache(clock, 100, Duration.ofMinutes(5));
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<NonceCache.Outcome>> copies = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                copies.add(() -> cache.addIfAbsent("same", clock.instant().plusSeconds(60)));
            }
            long added = 0;
            for (Future<NonceCache.Outcome> f : pool.invokeAll(copies)) {
                added += f.get() == NonceCache.Outcome.ADDED ? 1 : 0;
            }
            assertThat(added).isEqualTo(1);
        } finally {
            pool.shutdownNow();
        }
    }
}
