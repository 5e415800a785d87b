package org.doji.rm.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.doji.rm.api.Caller;
import org.doji.rm.app.RmApplication;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.testing.RestartableRm;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An RM's H2 file, written through, stays compact while the RM works: without {@link H2Upkeep} most of each
 * chunk is dead and the file holds several times its live data after 1,500 reservations (and grows without end);
 * with it, sparse chunks are rewritten and their space reused. The shortest chunk retention (2 s) and a compaction
 * every second let a short test see what a long run shows (StorageGrowthBenchmark).
 */
class H2UpkeepTest {

    @TempDir
    Path dir;

    @Test
    void sparseChunksAreRewrittenAndTheirSpaceReused() throws Exception {
        SettableClock clock = new SettableClock(Instant.parse("2030-01-01T00:00:00Z"));
        Path file = dir.resolve("crm-compact");
        try (RestartableRm rm = new RestartableRm(RmApplication.class, file, Map.of("doji.rm.id", "crm-compact",
                "spring.datasource.url", "jdbc:h2:file:" + file + ";DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=0",
                "doji.storage.h2-chunk-retention", "PT2S", "doji.storage.h2-compaction-interval", "PT1S",
                "doji.rm.tick-interval", "PT1H",
                "doji.rm.simulated.sites[0].name", "siteA", "doji.rm.simulated.sites[0].nodes", "256"),
                ctx -> ctx.getBeanFactory().registerSingleton("dojiClock", clock)).start()) {
            ReservationKernel kernel = rm.bean(ReservationKernel.class);
            for (int i = 0; i < 1_500; i++) {
                Instant start = clock.instant().plus(Duration.ofMinutes(10));
                ReservationSpec spec = new ReservationSpec(new TimeWindow(start, start.plus(Duration.ofHours(1))),
                        List.of(new ComputeDemand("siteA", 8, List.of())), List.of(), List.of(), List.of("alice"), null);
                String key = kernel.reserve(Caller.ANONYMOUS, UUID.randomUUID().toString(), spec, null).key();
                kernel.commit(Caller.ANONYMOUS, key, UUID.randomUUID().toString());
                clock.advance(Duration.ofMinutes(5));
                kernel.tick();
            }
            DataSource db = rm.bean(DataSource.class);
            // without the upkeep about 10 % of the chunks' space is live (and the file grows without end); with it
            // sparse chunks are rewritten and their space reused. The file's size is not asserted: it shrinks only
            // when the chunks at its end die, which depends on timing (StorageGrowthBenchmark shows it bounded)
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200))
                    .untilAsserted(() -> assertThat(chunksFillRate(db)).isGreaterThanOrEqualTo(50));
        }
    }

    private static int chunksFillRate(DataSource db) throws SQLException {
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(
                "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'info.CHUNKS_FILL_RATE'");
             ResultSet rs = s.executeQuery()) {
            assertThat(rs.next()).isTrue();
            return Integer.parseInt(rs.getString(1));
        }
    }
}
