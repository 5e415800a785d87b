package org.doji.grc.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.doji.grc.GrcApplication;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.Transaction;
import org.doji.grc.tx.TransactionLog;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.doji.rm.testing.DatabaseSchema;
import org.doji.rm.testing.SchemaMigration;
import org.doji.rm.testing.TestDatabase;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The GRC's versioned schema: the migrations make exactly the tables the entities map (on H2 and on PostgreSQL,
 * whichever {@link TestDatabase} runs), and a database that the last release before migrations made (Hibernate's
 * ddl-auto=update, H2; a co-allocation halted with its commit decided) is upgraded to that same schema with every
 * row kept and read again by the GRC.
 */
class GrcSchemaTest {

    /** Just after the legacy dump's GRC halted. */
    private static final Instant DUMPED = Instant.parse("2026-11-25T14:50:00Z");
    private static final List<String> TABLES = List.of("grc_coallocation", "grc_call", "grc_rm_reservation", "grc_transaction");

    @TempDir
    Path dir;

    @Test
    void theMigrationsMakeTheSchemaTheEntitiesMap() throws Exception {
        DatabaseSchema.Comparison schemas = DatabaseSchema.migratedAndMapped(dir, SchemaMigration::grc,
                List.of(CoAllocationRecord.class, CallRecord.class, DelegatedReservationRecord.class,
                        TransactionRecord.class, SubscriptionRecord.class, NotificationRecord.class,
                        ReplicaRecord.class, ClaimRecord.class, SeenNonceRecord.class));
        List<String> tables = new java.util.ArrayList<>(TABLES);
        tables.addAll(List.of("grc_subscription", "grc_notification")); // V5: subscriptions and their outbox
        tables.addAll(List.of("grc_replica", "grc_claim")); // V6: the replicas' leases and claims
        tables.add("grc_seen_nonce"); // V8: accepted UsernameTokens, shared by the replicas
        assertThat(schemas.migrated()).containsOnlyKeys(tables).isEqualTo(schemas.mapped());
    }

    /** A GRC and an RM may share a schema: each has its own tables and its own migration history. */
    @Test
    void aGrcAndAnRmShareOneSchema() throws Exception {
        String shared = TestDatabase.url(dir.resolve("shared"));
        SchemaMigration.rm(shared);
        SchemaMigration.grc(shared);
        SchemaMigration.rm(shared); // a restart migrates nothing more

        String rm = TestDatabase.url(dir.resolve("rm"));
        String grc = TestDatabase.url(dir.resolve("grc-alone"));
        SchemaMigration.rm(rm);
        SchemaMigration.grc(grc);
        Map<String, List<String>> both = new java.util.TreeMap<>(DatabaseSchema.describe(rm));
        both.putAll(DatabaseSchema.describe(grc));
        assertThat(DatabaseSchema.describe(shared)).isEqualTo(both);
        assertThat(DatabaseSchema.history(shared, "flyway_rm_history")).isEqualTo(DatabaseSchema.history(rm, "flyway_rm_history"));
        assertThat(DatabaseSchema.history(shared, "flyway_grc_history")).startsWith("0", "1");
    }

    @Test
    void aDatabaseOfTheLastReleaseIsUpgradedWithEveryRowKeptAndRead() throws Exception {
        assumeFalse(TestDatabase.postgres(), "no release before versioned migrations ran on PostgreSQL");
        // not the JUnit temporary directory: the GRC's transaction driver, interrupted while it retries phase two at
        // shutdown, may still make H2 write its trace file while that directory is being deleted
        Path data = java.nio.file.Files.createDirectories(Path.of("target", "grc-schema-test", java.util.UUID.randomUUID().toString()));
        String url = TestDatabase.url(data.resolve("grc"));
        DatabaseSchema.restoreH2Dump(url, "/db/legacy/grc-e1b2aab.sql");
        // a co-allocation created with a consumer EPR (the dump's were not): it must keep being notified
        String watched = "co-6d5fcf11fb6141ddb186";
        try (var c = DatabaseSchema.connect(url);
             var update = c.prepareStatement("UPDATE grc_coallocation SET consumer = ? WHERE co_key = ?")) {
            update.setString(1, "http://consumer.example:8080/notify");
            update.setString(2, watched);
            assertThat(update.executeUpdate()).isEqualTo(1);
        }
        Map<String, List<Map<String, String>>> before = new java.util.LinkedHashMap<>();
        for (String table : TABLES) {
            before.put(table, DatabaseSchema.rows(url, table));
        }
        assertThat(before.get("grc_transaction")).hasSize(1);
        assertThat(before.get("grc_rm_reservation")).hasSize(1);

        SchemaMigration.grc(url);

        assertThat(DatabaseSchema.history(url, "flyway_grc_history")).containsExactly("0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10");
        // V5: the consumer column became a subscription of that co-allocation to every state change
        assertThat(DatabaseSchema.rows(url, "grc_subscription")).singleElement().satisfies(sub -> assertThat(sub)
                .containsEntry("sub_id", "c-" + watched).containsEntry("co_key", watched)
                .containsEntry("consumer", "http://consumer.example:8080/notify").containsEntry("topics", null));
        before.get("grc_coallocation").forEach(row -> row.remove("consumer"));
        for (String table : TABLES) {
            List<Map<String, String>> kept = DatabaseSchema.rows(url, table);
            if (table.equals("grc_transaction")) {
                // V3's new column is empty in a row written before it: that row keeps its specs inline
                kept.forEach(row -> {
                    assertThat(row).containsEntry("participant_specs_json", null);
                    row.remove("participant_specs_json");
                });
            }
            if (table.equals("grc_rm_reservation")) {
                // V10's new column is empty in a reservation made before it: no termination time was set
                kept.forEach(row -> {
                    assertThat(row).containsEntry("termination_time", null);
                    row.remove("termination_time");
                });
            }
            if (table.equals("grc_call")) {
                // V7's new column is empty in a call answered before it: a call was recorded only when answered
                kept.forEach(row -> {
                    assertThat(row).containsEntry("refusal", null);
                    row.remove("refusal");
                });
            }
            assertThat(kept).as(table).isEqualTo(before.get(table));
        }
        String fresh = TestDatabase.url(dir.resolve("fresh"));
        SchemaMigration.grc(fresh);
        assertThat(DatabaseSchema.describe(url)).isEqualTo(DatabaseSchema.describe(fresh));

        try (ConfigurableApplicationContext grc = startGrc(url, before.get("grc_transaction").get(0))) {
            CoAllocationStore store = grc.getBean(CoAllocationStore.class);
            for (Map<String, String> row : before.get("grc_coallocation")) {
                CoAllocation c = store.find(row.get("co_key")).orElseThrow();
                assertThat(c.state().name()).isEqualTo(row.get("state"));
                assertThat(c.request()).isNotNull();
            }
            for (Map<String, String> row : before.get("grc_call")) {
                assertThat(store.call(row.get("call_id"))).isPresent();
            }
            Map<String, String> inFlight = before.get("grc_transaction").get(0);
            Transaction t = grc.getBean(TransactionLog.class).find(inFlight.get("tx_id")).orElseThrow();
            assertThat(t.decision()).isEqualTo(Decision.COMMITTED);
            assertThat(t.subject()).isEqualTo(inFlight.get("subject"));
            assertThat(t.participants()).isNotEmpty().allSatisfy(p -> assertThat(p.spec()).isNotNull());
            Map<String, String> delegated = before.get("grc_rm_reservation").get(0);
            assertThat(grc.getBean(DelegatedReservationRepository.class).findById(delegated.get("res_key")).orElseThrow()
                    .getLifecycleState().name()).isEqualTo(delegated.get("lifecycle_state"));
        }
    }

    /** The GRC on the upgraded file, its RMs registered at an address where nothing answers (phase two waits). */
    private static ConfigurableApplicationContext startGrc(String url, Map<String, String> transaction) {
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--spring.jmx.enabled=false",
                "--spring.datasource.url=" + url, "--doji.grc.id=grc", "--doji.grc.tick-interval=PT1H",
                "--doji.grc.health-interval=PT1H", "--doji.grc.connect-timeout=PT0.2S", "--doji.grc.rm-timeout=PT0.5S"));
        List<String> rms = new ArrayList<>(List.of("crm-east1", "crm-east2", "crm-west1", "crm-west2", "nrm-east", "nrm-west"));
        for (int i = 0; i < rms.size(); i++) {
            args.add("--doji.grc.rms[" + i + "].id=" + rms.get(i));
            args.add("--doji.grc.rms[" + i + "].url=http://localhost:9/services/rm");
        }
        assertThat(transaction.get("participants_json")).contains("crm-east1");
        SettableClock clock = new SettableClock(DUMPED);
        return new SpringApplicationBuilder(GrcApplication.class)
                .initializers(ctx -> ctx.getBeanFactory().registerSingleton("grcClock", clock))
                .run(args.toArray(String[]::new));
    }
}
