package org.doji.grc.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.doji.grc.GrcApplication;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.tx.Change;
import org.doji.grc.tx.Participant;
import org.doji.grc.tx.Step;
import org.doji.grc.tx.SubjectType;
import org.doji.grc.tx.Transaction;
import org.doji.grc.tx.TransactionLog;
import org.doji.grc.tx.TransactionLog.ConcurrentChangeException;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.doji.rm.testing.TestDatabase;
import org.doji.rm.util.JsonCodec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

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
    private static JdbcTemplate jdbc;

    @BeforeAll
    static void start() {
        grc = new SpringApplicationBuilder(GrcApplication.class).run("--server.port=0", "--spring.jmx.enabled=false",
                "--spring.datasource.url=" + TestDatabase.url(dir.resolve("grc")));
        log = grc.getBean(TransactionLog.class);
        jdbc = grc.getBean(JdbcTemplate.class);
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

    @Test
    void aBegunTransactionIsRefusedWithoutItsAlongsideWrite() {
        log.save(fresh("t3"), () -> { });
        boolean[] alongside = {false};
        assertThatThrownBy(() -> log.save(fresh("t3"), () -> alongside[0] = true)).isInstanceOf(ConcurrentChangeException.class);
        assertThat(alongside[0]).isFalse();
    }

    private static ReservationSpec spec(String site) {
        return new ReservationSpec(new TimeWindow(T0.plusSeconds(3600), T0.plusSeconds(7200)),
                List.of(new ComputeDemand(site, 4, List.of())), List.of(), List.of(), List.of("alice"), "global-" + site);
    }

    @Test
    void specsAreWrittenOnceAndEveryStepKeepsThem() {
        List<Participant> parts = List.of(
                Participant.of("rmA", Step.RESERVE, spec("siteA"), null, RmOutcome.intended("rmA", "http://a")),
                Participant.of("rmB", Step.RESERVE, spec("siteB"), null, RmOutcome.intended("rmB", "http://b")));
        Transaction begun = log.save(Transaction.begin("t4", SubjectType.CO_ALLOCATION, "co-t4", Change.RESERVE, 1, parts,
                null, T0.plusSeconds(30), T0), () -> { });
        Transaction decided = log.save(begun.mapParticipants(p -> p.prepared("key-" + p.rmId(), T0.plusSeconds(60),
                p.outcome())).decided(Decision.COMMITTED, null), () -> { });

        Transaction read = log.find("t4").orElseThrow();
        assertThat(read.participants()).isEqualTo(decided.participants());
        assertThat(read.participants()).extracting(Participant::spec).containsExactly(spec("siteA"), spec("siteB"));
        String progress = jdbc.queryForObject("select participants_json from grc_transaction where tx_id = 't4'", String.class);
        assertThat(progress).contains("key-rmA").doesNotContain("siteA");
    }

    /**
     * A stored transaction {@code id} with one participant in the form before the specs had their own column: each
     * participant with its spec, the specs column empty. Returns that participant.
     */
    private static Participant storedWithSpecsInline(String id) {
        log.save(fresh(id), () -> { });
        Participant p = Participant.of("rmA", Step.RESERVE, spec("siteA"), null, RmOutcome.intended("rmA", "http://a"));
        jdbc.update("update grc_transaction set participants_json = ?, participant_specs_json = null where tx_id = ?",
                new JsonCodec().write(java.util.Map.of("list", List.of(p))), id);
        return p;
    }

    @Test
    void aRowWrittenWithItsSpecsInlineIsReadWhole() {
        Participant p = storedWithSpecsInline("t5");
        assertThat(log.find("t5").orElseThrow().participants()).containsExactly(p);
    }

    @Test
    void aRowWrittenWithItsSpecsInlineKeepsThemWhenItsNextStepIsWritten() {
        storedWithSpecsInline("t6");
        Transaction legacy = log.find("t6").orElseThrow();

        // the driver's next write carries the progress only: the specs must not be lost with the inline copy
        log.save(legacy.mapParticipants(q -> q.prepared("key-rmA", T0.plusSeconds(60), q.outcome()))
                .decided(Decision.COMMITTED, null), () -> { });
        assertThat(log.find("t6").orElseThrow().participants()).singleElement().satisfies(q -> {
            assertThat(q.spec()).isEqualTo(spec("siteA"));
            assertThat(q.key()).isEqualTo("key-rmA");
        });
    }
}
