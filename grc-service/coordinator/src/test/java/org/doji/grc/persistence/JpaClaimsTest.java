package org.doji.grc.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.persistence.EntityManager;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.doji.grc.GrcApplication;
import org.doji.rm.testing.TestDatabase;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
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
        assertThat(b.tryClaim("k1")).isTrue();
        assertThat(a.tryClaim("k1")).isFalse();
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
}
