package org.doji.rm.config;

import java.time.Duration;
import org.doji.rm.persistence.H2Upkeep;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Upkeep of an embedded H2 file, every Doji service ({@code doji.storage.*}, see {@link H2Upkeep}), validated at
 * start-up.
 *
 * @param durability           {@code on-disk} (the default): no change is acknowledged before it is on disk;
 *                             {@code lose-recent-on-power-loss}: an embedded H2 file is forced only once a second, so
 *                             commits are cheaper and a power cut or an OS crash loses up to a second of acknowledged
 *                             changes ({@code kill -9} loses nothing either way)
 * @param h2ChunkRetention     how long H2 keeps a written chunk before its space may be reused (H2's own default,
 *                             45 s, assumes nothing forces the file to disk); at least twice the sync interval
 * @param h2CompactionInterval how often the file's sparse chunks are rewritten; real time, as H2's retention is
 * @param h2TargetFillRate     the share of live data (percent) below which the sparse chunks are rewritten
 */
@ConfigurationProperties("doji.storage")
public record StorageProperties(
        @DefaultValue("PT5S") Duration h2ChunkRetention,
        @DefaultValue("PT30S") Duration h2CompactionInterval,
        @DefaultValue("90") int h2TargetFillRate,
        @DefaultValue("on-disk") Durability durability) {

    /** What "acknowledged" promises. */
    public enum Durability {
        /** Every acknowledged change is on disk (H2 forced per group of commits; PostgreSQL's settings checked). */
        ON_DISK,
        /** Acknowledged changes of the last second may be lost to a power cut or an OS crash. */
        LOSE_RECENT_ON_POWER_LOSS
    }

    public StorageProperties(Duration h2ChunkRetention, Duration h2CompactionInterval, int h2TargetFillRate) {
        this(h2ChunkRetention, h2CompactionInterval, h2TargetFillRate, Durability.ON_DISK);
    }

    @org.springframework.boot.context.properties.bind.ConstructorBinding
    public StorageProperties {
        durability = durability == null ? Durability.ON_DISK : durability;
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
