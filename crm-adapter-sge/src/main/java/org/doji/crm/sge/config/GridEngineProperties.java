package org.doji.crm.sge.config;

import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of the Grid Engine backend ({@code doji.sge.*}); every field has a default.
 *
 * @param mode           QUEUE_CONTROL (one queue per reservation, DESIGN §6) or NATIVE (qrsub advance reservations)
 * @param site           the site name the cluster is offered as
 * @param unitPrice      price per core-hour offered to coordinators
 * @param sgeRoot        SGE_ROOT
 * @param sgeCell        SGE_CELL
 * @param sgeArch        SGE_ARCH; with it the binaries in {@code binDir} are called directly (no wrapper script)
 * @param binDir         where the Grid Engine binaries live
 * @param commandTimeout limit for one command
 * @param queuePrefix    prefix of the queues, user sets and AR names this adapter owns
 * @param parallelEnvironment PE the reservation queues offer and native ARs request
 * @param ledgerFile     where the queue instances this adapter disabled are remembered across restarts
 * @param resubmitAsOwner resubmit evicted jobs as their owner (runuser), so the copies keep their owner
 * @param deleteRetries  attempts to delete a queue whose killed jobs are still being cleaned up
 * @param timeZone       zone of Grid Engine's local-time timestamps (qrsub -a/-e, qrstat)
 * @param userMap        principal names mapped to Unix user names for the queue ACL
 * @param liveStateTtl   how long a qhost answer serves as live state (the kernel asks at every reserve)
 */
@ConfigurationProperties("doji.sge")
public record GridEngineProperties(
        Mode mode,
        String site,
        Double unitPrice,
        String sgeRoot,
        String sgeCell,
        String sgeArch,
        Path binDir,
        Duration commandTimeout,
        String queuePrefix,
        String parallelEnvironment,
        Path ledgerFile,
        Boolean resubmitAsOwner,
        Integer deleteRetries,
        ZoneId timeZone,
        Map<String, String> userMap,
        Duration liveStateTtl) {

    public enum Mode { QUEUE_CONTROL, NATIVE }

    public GridEngineProperties {
        mode = mode == null ? Mode.QUEUE_CONTROL : mode;
        site = blank(site) ? "sge" : site;
        unitPrice = unitPrice == null ? 1.0 : unitPrice;
        sgeRoot = blank(sgeRoot) ? "/var/lib/gridengine" : sgeRoot;
        sgeCell = blank(sgeCell) ? "default" : sgeCell;
        sgeArch = blank(sgeArch) ? "lx-amd64" : sgeArch;
        binDir = binDir == null ? Path.of("/usr/lib/gridengine") : binDir;
        commandTimeout = commandTimeout == null ? Duration.ofSeconds(30) : commandTimeout;
        queuePrefix = blank(queuePrefix) ? "doji_" : queuePrefix;
        parallelEnvironment = blank(parallelEnvironment) ? "mpi" : parallelEnvironment;
        ledgerFile = ledgerFile == null ? Path.of(sgeRoot, sgeCell, "doji-disabled-instances") : ledgerFile;
        resubmitAsOwner = resubmitAsOwner == null || resubmitAsOwner;
        deleteRetries = deleteRetries == null ? 20 : deleteRetries;
        timeZone = timeZone == null ? ZoneId.systemDefault() : timeZone;
        userMap = userMap == null ? Map.of() : Map.copyOf(userMap);
        liveStateTtl = liveStateTtl == null ? Duration.ofSeconds(5) : liveStateTtl;
        if (liveStateTtl.isNegative()) {
            throw new IllegalArgumentException("doji.sge.live-state-ttl must not be negative");
        }
        if (unitPrice < 0) {
            throw new IllegalArgumentException("doji.sge.unit-price must not be negative");
        }
        if (commandTimeout.isNegative() || commandTimeout.isZero()) {
            throw new IllegalArgumentException("doji.sge.command-timeout must be positive");
        }
        if (deleteRetries < 1) {
            throw new IllegalArgumentException("doji.sge.delete-retries must be at least 1");
        }
        if (!queuePrefix.matches("[A-Za-z][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("doji.sge.queue-prefix must be a Grid Engine object name: " + queuePrefix);
        }
    }

    /** All defaults. */
    public static GridEngineProperties defaults() {
        return new GridEngineProperties(null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null);
    }

    public GridEngineProperties withMode(Mode newMode) {
        return new GridEngineProperties(newMode, site, unitPrice, sgeRoot, sgeCell, sgeArch, binDir, commandTimeout,
                queuePrefix, parallelEnvironment, ledgerFile, resubmitAsOwner, deleteRetries, timeZone, userMap, liveStateTtl);
    }

    public GridEngineProperties withBinDir(Path dir) {
        return new GridEngineProperties(mode, site, unitPrice, sgeRoot, sgeCell, sgeArch, dir, commandTimeout,
                queuePrefix, parallelEnvironment, ledgerFile, resubmitAsOwner, deleteRetries, timeZone, userMap, liveStateTtl);
    }

    public GridEngineProperties withLedgerFile(Path file) {
        return new GridEngineProperties(mode, site, unitPrice, sgeRoot, sgeCell, sgeArch, binDir, commandTimeout,
                queuePrefix, parallelEnvironment, file, resubmitAsOwner, deleteRetries, timeZone, userMap, liveStateTtl);
    }

    /** The environment every Grid Engine command needs. */
    public Map<String, String> environment() {
        return Map.of("SGE_ROOT", sgeRoot, "SGE_CELL", sgeCell, "SGE_ARCH", sgeArch);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
