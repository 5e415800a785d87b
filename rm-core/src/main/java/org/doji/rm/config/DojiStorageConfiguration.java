package org.doji.rm.config;

import javax.sql.DataSource;
import org.doji.rm.persistence.H2Upkeep;
import org.doji.rm.util.PeriodicTask;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/** Storage upkeep of any Doji service (an RM or a GRC): an embedded H2 file is synced and compacted as it runs. */
@AutoConfiguration(after = DataSourceAutoConfiguration.class)
@ConditionalOnClass(name = "org.h2.jdbc.JdbcConnection")
@ConditionalOnBean(DataSource.class)
@EnableConfigurationProperties(StorageProperties.class)
public class DojiStorageConfiguration {

    @Bean
    public PeriodicTask dojiH2Upkeep(DataSource dataSource, StorageProperties props) {
        return new PeriodicTask("doji-h2-upkeep", H2Upkeep.SYNC_INTERVAL, new H2Upkeep(dataSource, props.h2ChunkRetention(),
                props.h2CompactionInterval(), props.h2TargetFillRate()));
    }
}
