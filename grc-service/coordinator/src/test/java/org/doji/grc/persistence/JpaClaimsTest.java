package org.doji.grc.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import jakarta.persistence.EntityManager;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.doji.grc.GrcApplication;
import org.doji.rm.testing.TestDatabase;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Replicas' claims on their real database (H2 or PostgreSQL, as the test run says), on a virtual clock: a key is
 * held by one live replica at a time; a claim of a replica whose lease ran out is taken over, never before.
 */
class JpaClaimsTest {

    private static final Duration LEASE = Duration.ofSeconds(10);
    private static final SettableClock CLOCK = new SettableClock(Instant.parse("2030-04-01T00:00:00Z"));

    @TempDir
    static Path dir;

    private static ConfigurableApplicationContext grc;
    private static JdbcTemplate jdbc;

    @BeforeAll
    static void start() {
        grc = new SpringApplicationBuilder(GrcApplication.class)
                .initializers(ctx -> ctx.getBeanFactory().registerSingleton("grcClock", CLOCK))
                .run("--server.port=0", "--spring.jmx.enabled=false", "--doji.grc.tick-interval=PT1H",
                        "--doji.grc.replica.id=this-test", "--doji.grc.replica.lease=PT1000H",
                        "--spring.datasource.url=" + TestDatabase.url(dir.resolve("grc")));
        jdbc = grc.getBean(JdbcTemplate.class);
    }

    @AfterAll
    static void stop() {
        grc.close();
    }

    private static JpaClaims replica(String id) {
        JpaClaims c = new JpaClaims(id, LEASE, grc.getBean(EntityManager.class), grc.getBean(PlatformTransactionManager.class),
                CLOCK);
        c.register();
        return c;
    }

    @Test
    void aKeyIsHeldByOneReplicaAtATime() {
        JpaClaims a = replica("a1");
        JpaClaims b = replica("b1");
        assertThat(a.tryClaim("k1")).isTrue();
        assertThat(b.tryClaim("k1")).isFalse();
        assertThat(a.tryClaim("k1")).as("its own").isTrue();
        b.release("k1");
        assertThat(b.tryClaim("k1")).as("b cannot release a's claim").isFalse();
        a.release("k1");
        assertThat(b.tryClaim("k1")).as("a's release is not written yet").isFalse();
        a.flushReleases();
        assertThat(b.tryClaim("k1")).isTrue();
        assertThat(a.tryClaim("k1")).isFalse();
    }

    /**
     * A release costs no commit of its own: it is written with the replica's next claim, and a claim taken again
     * before that is kept as it was (same epoch, so its fenced writes pass) without any write.
     */
    @Test
    void aReleaseIsWrittenWithTheNextClaimAndAClaimTakenBackBeforeThenWritesNothing() {
        JpaClaims a = replica("a6");
        var tx = new org.springframework.transaction.support.TransactionTemplate(grc.getBean(PlatformTransactionManager.class));
        assertThat(a.tryClaim("k6")).isTrue();
        long epoch = epochOf("k6");
        a.release("k6");
        assertThat(rowsOf("a6")).as("not written yet").containsExactly("k6");
        assertThat(a.tryClaim("k6")).as("taken back").isTrue();
        assertThat(epochOf("k6")).as("the same row").isEqualTo(epoch);
        tx.executeWithoutResult(s -> a.fence(java.util.List.of("k6")));

        a.release("k6");
        assertThat(a.tryClaim("k6b")).isTrue();
        assertThat(rowsOf("a6")).as("the release written with the next claim").containsExactly("k6b");
        a.release("k6b");
        a.flushReleases();
        assertThat(rowsOf("a6")).isEmpty();
    }

    /** A claim given up and taken back after the replica's lease may have run out is asked of the database. */
    @Test
    void aClaimTakenBackAfterTheLeaseRanOutIsNotTrustedFromMemory() {
        JpaClaims a = replica("a7");
        JpaClaims b = replica("b7");
        assertThat(a.tryClaim("k7")).isTrue();
        a.release("k7");
        CLOCK.advance(LEASE.plusSeconds(1)); // a stood still: b sweeps a's claims and takes the key
        b.renew();
        assertThat(b.tryClaim("k7")).isTrue();
        assertThat(a.tryClaim("k7")).as("b holds it now").isFalse();
        a.renew();
        b.release("k7");
        b.flushReleases();
        assertThat(a.tryClaim("k7")).isTrue();
    }

    /**
     * Claims taken, fenced and released by several threads while another writes the releases all the time: a claim
     * taken back while its release is being written waits for that transaction, so every claim granted is a row the
     * fence finds.
     */
    @Test
    void claimsTakenBackWhileTheirReleasesAreWrittenStayValid() throws Exception {
        JpaClaims a = replica("a8");
        var tx = new org.springframework.transaction.support.TransactionTemplate(grc.getBean(PlatformTransactionManager.class));
        ExecutorService threads = Executors.newFixedThreadPool(4);
        java.util.concurrent.atomic.AtomicBoolean running = new java.util.concurrent.atomic.AtomicBoolean(true);
        try {
            var flusher = threads.submit(() -> {
                while (running.get()) {
                    a.flushReleases();
                }
            });
            java.util.List<java.util.concurrent.Future<?>> workers = new java.util.ArrayList<>();
            for (int t = 0; t < 3; t++) {
                int thread = t;
                workers.add(threads.submit(() -> {
                    for (int i = 0; i < 300; i++) {
                        String key = "race-" + thread + "-" + (i % 2);
                        assertThat(a.tryClaim(key)).isTrue();
                        tx.executeWithoutResult(s -> a.fence(java.util.List.of(key)));
                        a.release(key);
                    }
                    return null;
                }));
            }
            for (var w : workers) {
                w.get(2, TimeUnit.MINUTES);
            }
            running.set(false);
            flusher.get(1, TimeUnit.MINUTES);
        } finally {
            running.set(false);
            threads.shutdownNow();
        }
        a.flushReleases();
        assertThat(rowsOf("a8")).isEmpty();
    }

    private static long epochOf(String key) {
        return jdbc.queryForObject("select epoch from grc_claim where claim_key = ?", Long.class, key);
    }

    private static java.util.List<String> rowsOf(String replica) {
        return jdbc.queryForList("select claim_key from grc_claim where replica_id = ? order by claim_key", String.class, replica);
    }

    @Test
    void aDeadReplicasClaimIsTakenOverOnlyOnceItsLeaseRanOut() {
        JpaClaims a = replica("a2");
        JpaClaims b = replica("b2");
        assertThat(a.tryClaim("k2")).isTrue();
        CLOCK.advance(LEASE.minusSeconds(1));
        b.renew();
        assertThat(b.tryClaim("k2")).as("a's lease still runs").isFalse();
        a.renew();
        CLOCK.advance(LEASE.minusSeconds(1));
        b.renew();
        assertThat(b.tryClaim("k2")).as("a renewed its lease").isFalse();

        CLOCK.advance(Duration.ofSeconds(2)); // a died: no renewal for a whole lease
        assertThat(b.tryClaim("k2")).isTrue();
        assertThat(a.tryClaim("k2")).as("a, back late, finds it taken by a live replica").isFalse();
    }

    @Test
    void aRenewalRemovesTheClaimsOfDeadReplicas() {
        JpaClaims a = replica("a3");
        JpaClaims b = replica("b3");
        assertThat(a.tryClaim("k3")).isTrue();
        assertThat(a.tryClaim("k3b")).isTrue();
        CLOCK.advance(LEASE.plusSeconds(1));
        b.renew();
        assertThat(jdbc.queryForObject("select count(*) from grc_claim where replica_id = 'a3'", Integer.class)).isZero();
    }

    @Test
    void aReplicaStartedAgainWithItsIdDropsWhatItsEarlierProcessClaimed() {
        JpaClaims a = replica("a4");
        JpaClaims b = replica("b4");
        assertThat(a.tryClaim("k4")).isTrue();
        assertThat(b.tryClaim("k4")).isFalse();
        replica("a4"); // a's new process: a's lease runs again, its earlier claims are gone
        assertThat(b.tryClaim("k4")).isTrue();
    }

    /**
     * Two replicas inserting one claim at once: the second meets the primary key, which is no error (the key is simply
     * claimed), so nothing is logged as one.
     */
    @Test
    void aClaimInsertedByTwoReplicasAtOnceGoesToOneAndLogsNoError() throws Exception {
        replica("a5");
        JpaClaims b = replica("b5");
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        root.addAppender(logged);
        ExecutorService other = Executors.newSingleThreadExecutor();
        try (Connection a = grc.getBean(DataSource.class).getConnection()) {
            a.setAutoCommit(false);
            try (PreparedStatement insert = a.prepareStatement(
                    "insert into grc_claim (claim_key, replica_id, claimed) values ('k5', 'a5', ?)")) {
                insert.setObject(1, CLOCK.instant().atOffset(ZoneOffset.UTC));
                insert.executeUpdate();
            }
            var claimed = other.submit(() -> b.tryClaim("k5")); // sees no row yet, and waits for a's at the key
            await().during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(2))
                    .until(() -> !claimed.isDone());
            a.commit();
            assertThat(claimed.get(30, TimeUnit.SECONDS)).isFalse();
        } finally {
            root.detachAppender(logged);
            other.shutdown();
        }
        assertThat(jdbc.queryForObject("select replica_id from grc_claim where claim_key = 'k5'", String.class)).isEqualTo("a5");
        assertThat(logged.list).filteredOn(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
                .extracting(ILoggingEvent::getFormattedMessage).isEmpty();
    }

    /**
     * Fencing: a write a replica makes under its claim checks the claim's epoch in the same database transaction. A
     * replica that stood still past its lease, whose claim another replica then took over, wakes and writes: the
     * database refuses it, nothing of it is applied, and its late release leaves the other replica's claim alone.
     */
    @Test
    void aWriteUnderAClaimThatWasTakenOverIsRefusedAndNothingOfItIsApplied() {
        JpaClaims a = replica("fa");
        JpaClaims b = replica("fb");
        var tx = new org.springframework.transaction.support.TransactionTemplate(grc.getBean(PlatformTransactionManager.class));
        String write = "insert into grc_replica (replica_id, lease_until) values (?, ?)";
        java.time.OffsetDateTime far = Instant.parse("2099-01-01T00:00:00Z").atOffset(java.time.ZoneOffset.UTC);
        assertThat(a.tryClaim("fk")).isTrue();
        tx.executeWithoutResult(s -> {
            jdbc.update(write, "fenced-1", far);
            a.fence(java.util.List.of("fk"));
        });
        assertThat(jdbc.queryForObject("select count(*) from grc_replica where replica_id = 'fenced-1'", Integer.class)).isOne();

        CLOCK.advance(LEASE.plusSeconds(1)); // a stands still past its lease
        b.renew();
        assertThat(b.tryClaim("fk")).as("taken over").isTrue();
        assertThatThrownBy(() -> tx.executeWithoutResult(s -> {
            jdbc.update(write, "fenced-2", far);
            a.fence(java.util.List.of("fk"));
        })).isInstanceOf(org.doji.grc.tx.Claims.StaleClaimException.class).hasMessageContaining("fk");
        assertThat(jdbc.queryForObject("select count(*) from grc_replica where replica_id = 'fenced-2'", Integer.class))
                .as("nothing of the stale write applied").isZero();
        tx.executeWithoutResult(s -> b.fence(java.util.List.of("fk"))); // the new holder writes on

        a.release("fk"); // late
        assertThat(a.tryClaim("fk")).as("b's claim is still b's").isFalse();
        b.release("fk");
        b.flushReleases();
        assertThat(a.tryClaim("fk")).as("a claims anew").isTrue();
        tx.executeWithoutResult(s -> a.fence(java.util.List.of("fk")));
        a.release("fk");
        a.flushReleases();
        jdbc.update("delete from grc_replica where replica_id like 'fenced-%'");
    }
}
