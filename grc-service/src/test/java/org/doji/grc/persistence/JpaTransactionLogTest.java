package org.doji.grc.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.doji.grc.GrcApplication;
import org.doji.grc.tx.Change;
import org.doji.grc.tx.SubjectType;
import org.doji.grc.tx.Transaction;
import org.doji.grc.tx.TransactionLog;
import org.doji.grc.tx.TransactionLog.ConcurrentChangeException;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The GRC's transaction log on its real database (H2 or PostgreSQL, as the test run says): every write checks the
 * version it was read at, so a stale copy (an owner that lost its transaction to the driver) is refused and changes
 * nothing, not even what it was to write alongside.
 */
class JpaTransactionLogTest {

    private static final Instant T0 = Instant.parse("2030-03-01T00:00:00Z");

    @TempDir
    static Path dir;

    private static ConfigurableApplicationContext grc;
    private static TransactionLog log;

    @BeforeAll
    static void start() {
        grc = new SpringApplicationBuilder(GrcApplication.class).run("--server.port=0", "--spring.jmx.enabled=false",
                "--spring.datasource.url=" + TestDatabase.url(dir.resolve("grc")));
        log = grc.getBean(TransactionLog.class);
    }

    @AfterAll
    static void stop() {
        grc.close();
    }

    private static Transaction fresh(String id) {
        return Transaction.begin(id, SubjectType.CO_ALLOCATION, "co-" + id, Change.RESERVE, 1, List.of(), "{}",
                T0.plusSeconds(30), T0);
    }

    @Test
    void eachWriteIsAVersionAndAStaleCopyIsRefusedWithoutItsAlongsideWrite() {
        Transaction stored = log.save(fresh("t1"), () -> { });
        assertThat(stored.version()).isEqualTo(1);
        Transaction decided = log.save(stored.decided(Decision.COMMITTED, null), () -> { });
        assertThat(decided.version()).isEqualTo(2);
        assertThat(log.find("t1")).hasValueSatisfying(t -> {
            assertThat(t.decision()).isEqualTo(Decision.COMMITTED);
            assertThat(t.version()).isEqualTo(2);
        });

        boolean[] alongside = {false};
        assertThatThrownBy(() -> log.save(stored.decided(Decision.ABORTED, "stale"), () -> alongside[0] = true))
                .isInstanceOf(ConcurrentChangeException.class);
        assertThat(alongside[0]).isFalse();
        assertThat(log.find("t1").orElseThrow().decision()).isEqualTo(Decision.COMMITTED);

        assertThatThrownBy(() -> log.remove(stored, () -> { })).isInstanceOf(ConcurrentChangeException.class);
        assertThat(log.find("t1")).isPresent();
        log.remove(decided, () -> { });
        assertThat(log.find("t1")).isEmpty();
        assertThatThrownBy(() -> log.save(decided.scheduled(T0, 1), () -> { })).isInstanceOf(ConcurrentChangeException.class);
    }

    @Test
    void aTransactionIsBegunOnce() {
        log.save(fresh("t2"), () -> { });
        assertThatThrownBy(() -> log.save(fresh("t2"), () -> { })).isInstanceOf(ConcurrentChangeException.class);
        assertThat(log.unfinished()).extracting(Transaction::id).contains("t2");
        assertThat(log.ofSubject("co-t2")).hasSize(1);
    }
}
