package org.doji.rm.config;

import javax.sql.DataSource;
import org.doji.rm.persistence.DurableCommits;
import org.doji.rm.persistence.H2GroupSync;
import org.doji.rm.persistence.H2Upkeep;
import org.doji.rm.persistence.PostgresDurability;
import org.doji.rm.util.PeriodicTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.transaction.TransactionExecutionListener;

/**
 * Storage of any Doji service (an RM or a GRC): acknowledged means on disk (every committed transaction is forced
 * to an embedded H2 file before the service goes on, one force for the commits that arrive together; PostgreSQL's
 * own settings are checked at start), unless the operator chose {@code doji.storage.durability}'s faster mode; and
 * an embedded H2 file is compacted as it runs.
 */
@AutoConfiguration(after = DataSourceAutoConfiguration.class)
@ConditionalOnClass(name = "org.h2.jdbc.JdbcConnection")
@ConditionalOnBean(DataSource.class)
@EnableConfigurationProperties(StorageProperties.class)
public class DojiStorageConfiguration {

    private static final Logger log = LoggerFactory.getLogger(DojiStorageConfiguration.class);

    @Bean
    public PeriodicTask dojiH2Upkeep(DataSource dataSource, StorageProperties props) {
        return new PeriodicTask("doji-h2-upkeep", H2Upkeep.SYNC_INTERVAL, new H2Upkeep(dataSource, props.h2ChunkRetention(),
                props.h2CompactionInterval(), props.h2TargetFillRate()));
    }

    @Bean
    public H2GroupSync dojiH2GroupSync(DataSource dataSource) {
        return new H2GroupSync(dataSource);
    }

    /** Registered with the transaction manager by Spring Boot: commits wait for the disk (unless the operator chose not to). */
    @Bean
    public TransactionExecutionListener dojiDurableCommits(H2GroupSync sync, StorageProperties props, DataSource dataSource) {
        if (props.durability() == StorageProperties.Durability.LOSE_RECENT_ON_POWER_LOSS) {
            log.warn("doji.storage.durability=lose-recent-on-power-loss: changes are acknowledged before they are on"
                    + " disk; a power cut or an OS crash loses the last second of acknowledged changes (a GRC may then"
                    + " hold a booking its RM forgot). Use it only where that is acceptable.");
            return new TransactionExecutionListener() { };
        }
        try {
            PostgresDurability.warnings(dataSource).forEach(log::warn);
        } catch (java.sql.SQLException | RuntimeException e) {
            log.warn("could not read the database's durability settings: {}", e.toString());
        }
        return new DurableCommits(sync);
    }
}
