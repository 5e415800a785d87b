package org.doji.crm.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.doji.rm.spi.LiveState;
import org.junit.jupiter.api.Test;

class LiveStateCacheTest {

    private final AtomicLong now = new AtomicLong();
    private final AtomicInteger reads = new AtomicInteger();
    private LiveState answer = new LiveState(true, Set.of("n4"), "1 down");
    private final LiveStateCache cache = new LiveStateCache(() -> {
        reads.incrementAndGet();
        return answer;
    }, Duration.ofSeconds(5), now::get);

    @Test
    void readsAgainOnlyAfterTheTtl() {
        assertThat(cache.get().downNodes()).containsExactly("n4");
        now.addAndGet(Duration.ofMillis(4999).toNanos());
        answer = LiveState.HEALTHY;
        assertThat(cache.get().downNodes()).containsExactly("n4");
        assertThat(reads).hasValue(1);
        now.addAndGet(Duration.ofMillis(1).toNanos());
        assertThat(cache.get()).isEqualTo(LiveState.HEALTHY);
        assertThat(reads).hasValue(2);
    }

    @Test
    void anUnreachableSystemIsAskedAgainAtOnce() {
        answer = new LiveState(false, Set.of(), "cannot connect");
        assertThat(cache.get().reachable()).isFalse();
        answer = LiveState.HEALTHY;
        assertThat(cache.get()).isEqualTo(LiveState.HEALTHY);
        assertThat(reads).hasValue(2);
    }
}
