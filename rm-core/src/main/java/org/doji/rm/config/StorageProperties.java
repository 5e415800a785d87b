package org.doji.rm.config;

import java.time.Duration;
import org.doji.rm.persistence.H2Upkeep;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Upkeep of an embedded H2 file, every Doji service ({@code doji.storage.*}, see {@link H2Upkeep}), validated at
 * start-up. The file is forced to disk every second.
 *
 * @param h2ChunkRetention     how long H2 keeps a written chunk before its space may be reused (H2's own default,
 *                             45 s, assumes nothing forces the file to disk); at least twice the sync interval
 * @param h2CompactionInterval how often the file's sparse chunks are rewritten; real time, as H2's retention is
 * @param h2TargetFillRate     the share of live data (percent) below which the sparse chunks are rewritten
 */
@ConfigurationProperties("doji.storage")
public record StorageProperties(
        @DefaultValue("PT5S") Duration h2ChunkRetention,
        @DefaultValue("PT30S") Duration h2CompactionInterval,
        @DefaultValue("90") int h2TargetFillRate) {

    public StorageProperties {
        Duration least = H2Upkeep.SYNC_INTERVAL.multipliedBy(2);
        if (h2ChunkRetention == null || h2ChunkRetention.compareTo(least) < 0) {
            throw new IllegalArgumentException("doji.storage.h2-chunk-retention must be at least " + least + ", was "
                    + h2ChunkRetention);
        }
        if (h2CompactionInterval == null || h2CompactionInterval.isNegative() || h2CompactionInterval.isZero()) {
            throw new IllegalArgumentException("doji.storage.h2-compaction-interval must be positive, was "
                    + h2CompactionInterval);
        }
        if (h2TargetFillRate < 1 || h2TargetFillRate > 100) {
            throw new IllegalArgumentException("doji.storage.h2-target-fill-rate must be in 1..100, was " + h2TargetFillRate);
        }
    }
}
