package org.doji.it.bench;

import java.sql.Connection;
import java.util.List;
import javax.sql.DataSource;
import org.doji.rm.persistence.H2Upkeep;
import org.h2.mvstore.MVStore;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Counts the writes of embedded H2 databases: with {@code WRITE_DELAY=0} H2 stores one new version of its file per
 * commit that changed something, so the difference of the versions over a run is the number of durable commits
 * (the co-allocations' and every periodic task's).
 */
final class StoreVersions {

    private final List<DataSource> sources;

    StoreVersions(List<ConfigurableApplicationContext> contexts) {
        this.sources = contexts.stream().map(c -> c.getBean(DataSource.class)).toList();
    }

    /** The sum of the databases' current versions (0 for one that is not an embedded H2 file). */
    long total() {
        long sum = 0;
        for (DataSource ds : sources) {
            try (Connection c = ds.getConnection()) {
                MVStore store = H2Upkeep.fileStore(c);
                sum += store == null ? 0 : store.getCurrentVersion();
            } catch (Exception e) {
                throw new IllegalStateException("cannot read the H2 store's version", e);
            }
        }
        return sum;
    }
}
