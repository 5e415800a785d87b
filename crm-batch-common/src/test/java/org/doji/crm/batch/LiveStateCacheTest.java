package org.doji.crm.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.doji.rm.spi.LiveState;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class LiveStateCacheTest {

    private final AtomicLong now = new AtomicLong();
    private final AtomicInteger reads = new AtomicInteger();
    private LiveState answer = new LiveState(true, Set.of("n4"), "1 down");
    private final LiveStateCache cache = new LiveStateCache("TORQUE", () -> {
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

    /** An outage is one WARN line however often the kernel asks meanwhile, and its end one INFO line. */
    @Test
    void anOutageIsLoggedOnceWhenItStartsAndOnceWhenItEnds() {
        Logger logger = (Logger) LoggerFactory.getLogger(LiveStateCache.class);
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        logger.addAppender(logged);
        try {
            cache.get();
            answer = new LiveState(false, Set.of(), "cannot connect");
            now.addAndGet(Duration.ofSeconds(5).toNanos());
            for (int i = 0; i < 3; i++) {
                assertThat(cache.get().reachable()).isFalse();
            }
            answer = LiveState.HEALTHY;
            cache.get();
            cache.get();
            assertThat(logged.list).extracting(ILoggingEvent::getLevel, ILoggingEvent::getFormattedMessage).containsExactly(
                    tuple(Level.WARN, "TORQUE unreachable: cannot connect"),
                    tuple(Level.INFO, "TORQUE reachable again: ok"));
        } finally {
            logger.detachAppender(logged);
        }
    }
}
