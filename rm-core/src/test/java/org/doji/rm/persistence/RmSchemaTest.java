package org.doji.rm.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.doji.rm.api.Caller;
import org.doji.rm.app.RmApplication;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.testing.DatabaseSchema;
import org.doji.rm.testing.RestartableRm;
import org.doji.rm.testing.SchemaMigration;
import org.doji.rm.testing.TestDatabase;
import org.doji.rm.util.JsonCodec;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RM's versioned schema: the migrations make exactly the tables the entities map (on H2 and on PostgreSQL,
 * whichever {@link TestDatabase} runs), and a database that the last release before migrations made (Hibernate's
 * ddl-auto=update, H2) is upgraded to that same schema with every row kept and served again.
 */
class RmSchemaTest {

    /** When the legacy dump was taken: its held reservation is still held then. */
    private static final Instant DUMPED = Instant.parse("2026-11-25T14:50:00Z");
    private static final List<Class<?>> ENTITIES = List.of(ReservationRecord.class, IdempotencyRecord.class,
            SeenNonceRecord.class);

    @TempDir
    Path dir;

    @Test
    void theMigrationsMakeTheSchemaTheEntitiesMap() throws Exception {
        DatabaseSchema.Comparison schemas = DatabaseSchema.migratedAndMapped(dir, SchemaMigration::rm, ENTITIES);
        assertThat(schemas.migrated()).containsOnlyKeys("rm_reservation", "rm_idempotency", "rm_seen_nonce").isEqualTo(schemas.mapped());
    }

    /** The adapters name their {@code doji.rm.id} in a {@code @PropertySource}: still the RM's schema. */
    @org.springframework.boot.SpringBootConfiguration
    @org.springframework.boot.autoconfigure.EnableAutoConfiguration
    @org.springframework.context.annotation.PropertySource("classpath:rm-named-in-property-source.properties")
    static class RmNamedInAPropertySource {
    }

    @Test
    void anRmNamedOnlyInAPropertySourceKeepsTheRmSchema() throws Exception {
        String url = TestDatabase.url(dir.resolve("property-source"));
        new org.springframework.boot.builder.SpringApplicationBuilder(RmNamedInAPropertySource.class)
                .run("--server.port=0", "--spring.jmx.enabled=false", "--spring.datasource.url=" + url).close();
        assertThat(DatabaseSchema.describe(url)).containsOnlyKeys("rm_reservation", "rm_idempotency", "rm_seen_nonce");
        assertThat(DatabaseSchema.history(url, "flyway_rm_history")).startsWith("1");
    }

    /** Microsecond times and JSON documents up to the column's limit come back exactly; longer ones are refused. */
    @Test
    void timesAndLongDocumentsReadBackExactlyAsWritten() {
        try (RestartableRm rm = new RestartableRm(RmApplication.class, dir.resolve("documents"), Map.of(
                "doji.rm.id", "crm-documents", "doji.rm.tick-interval", "PT1H",
                "doji.rm.simulated.sites[0].name", "A"), ctx -> { }).start()) {
            ReservationRepository repository = rm.bean(ReservationRepository.class);
            Instant micros = Instant.parse("2030-01-02T03:04:05.123456Z");
            ReservationRecord written = new ReservationRecord("r-documents", "alice", micros);
            written.setSpecJson("\"" + "x".repeat(JsonColumns.MAX_JSON - 2) + "\"");
            written.setHoldExpires(micros.plusNanos(1_000));
            repository.save(written);

            ReservationRecord read = repository.findById("r-documents").orElseThrow();
            assertThat(read.getCreated()).isEqualTo(micros);
            assertThat(read.getHoldExpires()).isEqualTo(micros.plusNanos(1_000));
            assertThat(read.getSpecJson()).isEqualTo(written.getSpecJson());

            ReservationRecord tooLong = new ReservationRecord("r-too-long", "alice", micros);
            tooLong.setSpecJson("x".repeat(JsonColumns.MAX_JSON + 1));
            assertThatThrownBy(() -> repository.save(tooLong))
                    .isInstanceOf(org.springframework.dao.DataIntegrityViolationException.class);
        }
    }

    @Test
    void aDatabaseOfTheLastReleaseIsUpgradedWithEveryRowKeptAndServed() throws Exception {
        assumeFalse(TestDatabase.postgres(), "no release before versioned migrations ran on PostgreSQL");
        Path file = dir.resolve("crm-east1");
        String url = TestDatabase.url(file);
        DatabaseSchema.restoreH2Dump(url, "/db/legacy/rm-e1b2aab.sql");
        List<Map<String, String>> reservations = DatabaseSchema.rows(url, "rm_reservation");
        List<Map<String, String>> answers = DatabaseSchema.rows(url, "rm_idempotency");
        assertThat(reservations).hasSize(6);

        SchemaMigration.rm(url);

        assertThat(DatabaseSchema.history(url, "flyway_rm_history")).containsExactly("0", "1", "2", "3", "4");
        assertThat(DatabaseSchema.rows(url, "rm_reservation")).isEqualTo(reservations);
        // V3's new column is empty in an answer stored before it: a call was recorded only when answered
        List<Map<String, String>> keptAnswers = DatabaseSchema.rows(url, "rm_idempotency");
        keptAnswers.forEach(row -> {
            assertThat(row).containsEntry("refusal", null);
            row.remove("refusal");
        });
        assertThat(keptAnswers).isEqualTo(answers);
        String fresh = TestDatabase.url(dir.resolve("fresh"));
        SchemaMigration.rm(fresh);
        assertThat(DatabaseSchema.describe(url)).isEqualTo(DatabaseSchema.describe(fresh));

        SettableClock clock = new SettableClock(DUMPED);
        try (RestartableRm rm = new RestartableRm(RmApplication.class, file, Map.of("doji.rm.id", "crm-east1",
                "doji.rm.domain", "EAST", "doji.rm.tick-interval", "PT1H",
                "doji.rm.simulated.sites[0].name", "EAST1", "doji.rm.simulated.sites[0].nodes", "2",
                "doji.rm.simulated.sites[0].cores-per-node", "4"),
                ctx -> ctx.getBeanFactory().registerSingleton("dojiClock", clock)).start()) {
            ReservationKernel kernel = rm.bean(ReservationKernel.class);
            for (Map<String, String> row : reservations) {
                ReservationView view = kernel.get(new Caller(row.get("owner"), false), row.get("res_key"));
                assertThat(view.reservationState().name()).isEqualTo(row.get("reservation_state"));
                assertThat(view.lifecycleState().name()).isEqualTo(row.get("lifecycle_state"));
            }
            long open = reservations.stream().filter(r -> List.of("Created", "Active").contains(r.get("lifecycle_state")))
                    .count();
            assertThat(kernel.openReservations()).hasSize((int) open).isNotEmpty();

            // a retried call gets the answer the last release stored
            Map<String, String> commit = answers.stream().filter(a -> a.get("operation").equals("commit")).findFirst()
                    .orElseThrow();
            JsonCodec json = new JsonCodec();
            ReservationView stored = json.read(commit.get("answer_json"), ReservationView.class);
            String correlation = commit.get("call_id").substring("anonymous:".length());
            assertThat(kernel.commit(Caller.ANONYMOUS, stored.key(), correlation)).isEqualTo(stored);

            // and new work is stored and read back after a restart
            Instant start = DUMPED.plus(Duration.ofDays(3));
            ReservationSpec spec = new ReservationSpec(new TimeWindow(start, start.plus(Duration.ofHours(1))),
                    List.of(new ComputeDemand("EAST1", 4, List.of())), List.of(), List.of(), List.of("alice"), null);
            String key = kernel.reserve(Caller.ANONYMOUS, UUID.randomUUID().toString(), spec, null).key();
            ReservationView committed = kernel.commit(Caller.ANONYMOUS, key, UUID.randomUUID().toString());
            rm.restart();
            assertThat(rm.bean(ReservationKernel.class).get(Caller.ANONYMOUS, key)).isEqualTo(committed);
            assertThat(committed.lifecycleState()).isEqualTo(LifecycleState.Created);
        }
        assertThat(DatabaseSchema.history(url, "flyway_rm_history")).containsExactly("0", "1", "2", "3", "4");
    }
}
