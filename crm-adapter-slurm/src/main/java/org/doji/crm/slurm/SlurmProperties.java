package org.doji.crm.slurm;

import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.regex.Pattern;
import org.doji.crm.batch.CommandSettings;
import org.doji.crm.batch.Settings;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Configuration of the Slurm compute RM ({@code doji.slurm.*}). Every value is checked at start-up; a wrong
 * one stops the service with a message naming the property.
 *
 * @param binDir            where scontrol and squeue live (empty: PATH)
 * @param commandTimeout    limit for one command
 * @param site              the site name this RM offers (one Slurm cluster, or one partition of it)
 * @param unitPrice         price per core-second shown to coordinators
 * @param partition         only this partition's nodes are offered, and reservations are made in it
 *                          (empty: every node of the cluster)
 * @param reservationPrefix Slurm reservations named with it are Doji's (the rest of the name is the key);
 *                          after a restart, reservations with it that Doji does not know are deleted
 * @param bindTo            USERS: a reservation admits its users ({@code Users=}); ACCOUNTS: its users are
 *                          Slurm accounts ({@code Accounts=}, needs accounting)
 * @param defaultUsers      who is admitted when a reservation names nobody
 * @param flags             extra reservation flags (IGNORE_JOBS is always set: jobs running on the nodes
 *                          now do not stop a reservation of the future; the RM requeues them at its start)
 * @param timeZone          zone slurmctld reads and prints times in (empty: the system zone)
 * @param liveStateTtl      how long a reading of the nodes' states is reused (the kernel asks at every
 *                          reserve and availability query; 0 reads every time)
 */
@ConfigurationProperties("doji.slurm")
public record SlurmProperties(
        @DefaultValue("") String binDir,
        @DefaultValue("PT30S") Duration commandTimeout,
        @DefaultValue("slurm") String site,
        @DefaultValue("1.0") double unitPrice,
        @DefaultValue("") String partition,
        @DefaultValue("doji-") String reservationPrefix,
        @DefaultValue("USERS") BindTo bindTo,
        @DefaultValue("root") List<String> defaultUsers,
        List<String> flags,
        @DefaultValue("") String timeZone,
        @DefaultValue("PT5S") Duration liveStateTtl) implements CommandSettings {

    /** Whom a reservation admits. */
    public enum BindTo { USERS, ACCOUNTS }

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]+");

    public SlurmProperties {
        if (site == null || site.isBlank()) {
            throw new IllegalArgumentException("doji.slurm.site must not be blank");
        }
        Settings.positive("doji.slurm.command-timeout", commandTimeout);
        Settings.notNegative("doji.slurm.unit-price", unitPrice);
        Settings.notNegative("doji.slurm.live-state-ttl", liveStateTtl);
        Settings.zone("doji.slurm.time-zone", timeZone);
        if (reservationPrefix == null || !NAME.matcher(reservationPrefix).matches()) {
            throw new IllegalArgumentException("doji.slurm.reservation-prefix must be letters, digits, '_', '.' or '-', was "
                    + reservationPrefix);
        }
        defaultUsers = defaultUsers == null ? List.of() : List.copyOf(defaultUsers);
        if (defaultUsers.isEmpty() || defaultUsers.stream().anyMatch(u -> !NAME.matcher(u).matches())) {
            throw new IllegalArgumentException("doji.slurm.default-users must name at least one user, was " + defaultUsers);
        }
        flags = flags == null ? List.of() : List.copyOf(flags);
        if (flags.stream().anyMatch(f -> !f.matches("[A-Z_]+"))) {
            throw new IllegalArgumentException("doji.slurm.flags are Slurm reservation flags (e.g. MAINT), was " + flags);
        }
    }

    public static SlurmProperties defaults() {
        return new SlurmProperties("", Duration.ofSeconds(30), "slurm", 1.0, "", "doji-", BindTo.USERS, List.of("root"),
                List.of(), "", Duration.ofSeconds(5));
    }

    /** The same settings in another time zone (tests; clusters whose slurmctld runs in another zone). */
    public SlurmProperties withZone(String zone) {
        return new SlurmProperties(binDir, commandTimeout, site, unitPrice, partition, reservationPrefix, bindTo,
                defaultUsers, flags, zone, liveStateTtl);
    }

    @Override
    public Path binPath() {
        return binDir.isBlank() ? null : Path.of(binDir);
    }

    public ZoneId zone() {
        return Settings.zone("doji.slurm.time-zone", timeZone);
    }
}
