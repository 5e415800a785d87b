package org.doji.rm.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Storage upkeep of every Doji service ({@code doji.storage.*}), validated at start-up.
 *
 * @param h2CompactionInterval how often an embedded H2 file's sparse chunks are rewritten (see
 *                             {@link org.doji.rm.persistence.H2Compaction}); real time, as H2's own chunk retention is
 * @param h2TargetFillRate     the share of live data (percent) below which the H2 file's sparse chunks are rewritten
 */
@ConfigurationProperties("doji.storage")
public record StorageProperties(
        @DefaultValue("PT30S") Duration h2CompactionInterval,
        @DefaultValue("90") int h2TargetFillRate) {

    public StorageProperties {
        if (h2CompactionInterval == null || h2CompactionInterval.isNegative() || h2CompactionInterval.isZero()) {
            throw new IllegalArgumentException("doji.storage.h2-compaction-interval must be positive, was "
                    + h2CompactionInterval);
        }
        if (h2TargetFillRate < 1 || h2TargetFillRate > 100) {
            throw new IllegalArgumentException("doji.storage.h2-target-fill-rate must be in 1..100, was " + h2TargetFillRate);
        }
    }
}
