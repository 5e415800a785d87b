package org.doji.rm.config;

import javax.sql.DataSource;
import org.doji.rm.persistence.H2Compaction;
import org.doji.rm.util.PeriodicTask;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/** Storage upkeep of any Doji service (an RM or a GRC): the periodic compaction of an embedded H2 file. */
@AutoConfiguration(after = DataSourceAutoConfiguration.class)
@ConditionalOnClass(name = "org.h2.jdbc.JdbcConnection")
@ConditionalOnBean(DataSource.class)
@EnableConfigurationProperties(StorageProperties.class)
public class DojiStorageConfiguration {

    /** Rewrites at most this much per run: a few seconds' worth of commits of a busy service. */
    private static final int COMPACTION_WRITE_LIMIT = 16 * 1024 * 1024;

    @Bean
    public PeriodicTask dojiH2Compaction(DataSource dataSource, StorageProperties props) {
        return new PeriodicTask("doji-h2-compaction", props.h2CompactionInterval(),
                new H2Compaction(dataSource, props.h2TargetFillRate(), COMPACTION_WRITE_LIMIT));
    }
}
