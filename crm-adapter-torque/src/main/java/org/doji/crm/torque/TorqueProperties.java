package org.doji.crm.torque;

import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.Map;
import org.doji.crm.batch.CommandSettings;
import org.doji.crm.batch.Settings;
import org.doji.crm.torque.sched.SchedulerConfig;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Configuration of the TORQUE compute RM ({@code doji.torque.*}). Doji replaces TORQUE's scheduler: the
 * server must run with {@code scheduling = False}, and Doji starts every job with {@code qrun -H}.
 *
 * @param binDir          where the TORQUE commands live (empty: PATH), e.g. /opt/torque/bin
 * @param commandTimeout  limit for one command
 * @param site            the site name this RM offers (one TORQUE server = one site)
 * @param unitPrice       price per core-second shown to coordinators
 * @param outputFormat    XML ({@code qstat -f -x}, {@code pbsnodes -x}) or TEXT ({@code qstat -f},
 *                        {@code pbsnodes -a})
 * @param reservationAccountPrefix jobs whose account string ({@code qsub -A}) starts with this are bound
 *                        to the reservation with that handle; {@code -l advres=HANDLE} and
 *                        {@code -W x=advres:HANDLE} work too
 * @param defaultWalltime estimate for jobs that request no walltime
 * @param passInterval    how often a scheduling pass runs besides the event-driven ones
 * @param timeZone        zone of the dates in TEXT output (empty: the system zone)
 * @param liveStateTtl    how long a reading of the nodes' states is reused (the kernel asks at every reserve
 *                        and availability query; 0 reads every time)
 * @param scheduler       the scheduling core's parameters
 */
@ConfigurationProperties("doji.torque")
public record TorqueProperties(
        @DefaultValue("") String binDir,
        @DefaultValue("PT30S") Duration commandTimeout,
        @DefaultValue("torque") String site,
        @DefaultValue("1.0") double unitPrice,
        @DefaultValue("XML") OutputFormat outputFormat,
        @DefaultValue("doji-") String reservationAccountPrefix,
        @DefaultValue("PT1H") Duration defaultWalltime,
        @DefaultValue("PT5S") Duration passInterval,
        @DefaultValue("") String timeZone,
        @DefaultValue("PT5S") Duration liveStateTtl,
        @DefaultValue Scheduler scheduler) implements CommandSettings {

    public enum OutputFormat { XML, TEXT }

    public TorqueProperties {
        if (site == null || site.isBlank()) {
            throw new IllegalArgumentException("doji.torque.site must not be blank");
        }
        if (reservationAccountPrefix == null || reservationAccountPrefix.isBlank()) {
            throw new IllegalArgumentException("doji.torque.reservation-account-prefix must not be blank");
        }
        Settings.positive("doji.torque.command-timeout", commandTimeout);
        Settings.positive("doji.torque.pass-interval", passInterval);
        if (defaultWalltime == null || defaultWalltime.getSeconds() < 1) {
            throw new IllegalArgumentException("doji.torque.default-walltime must be at least 1 s, was " + defaultWalltime);
        }
        Settings.notNegative("doji.torque.unit-price", unitPrice);
        Settings.notNegative("doji.torque.live-state-ttl", liveStateTtl);
        Settings.zone("doji.torque.time-zone", timeZone);
        if (scheduler == null) {
            scheduler = Scheduler.defaults();
        }
    }

    /** Defaults for a real TORQUE server (XML output). */
    public static TorqueProperties defaults() {
        return new TorqueProperties("", Duration.ofSeconds(30), "torque", 1.0, OutputFormat.XML, "doji-",
                Duration.ofHours(1), Duration.ofSeconds(5), "", Duration.ofSeconds(5), null);
    }

    /** The same settings with another output format and time zone (tests, TEXT servers). */
    public TorqueProperties withOutput(OutputFormat format, String zone) {
        return new TorqueProperties(binDir, commandTimeout, site, unitPrice, format, reservationAccountPrefix,
                defaultWalltime, passInterval, zone, liveStateTtl, scheduler);
    }

    @Override
    public Path binPath() {
        return binDir.isBlank() ? null : Path.of(binDir);
    }

    public ZoneId zone() {
        return Settings.zone("doji.torque.time-zone", timeZone);
    }

    /** The scheduling core's parameters ({@code doji.torque.scheduler.*}); see {@link SchedulerConfig}. */
    public record Scheduler(
            @DefaultValue("PRIORITY") SchedulerConfig.Ordering ordering,
            @DefaultValue("true") boolean backfill,
            @DefaultValue("0.1") double wt1Factor,
            @DefaultValue("0.5") double wt2Factor,
            Map<String, Double> userFactors,
            @DefaultValue("0") double defaultUserFactor,
            @DefaultValue("0") int maxRunningPerUser,
            @DefaultValue("0") int maxRunningSinglePe,
            @DefaultValue("0") int systemCoreCeiling,
            @DefaultValue("0") int maxJobCores,
            @DefaultValue("PT1M") Duration overrunGrace,
            @DefaultValue("P366D") Duration horizon,
            Map<String, String> userClasses) {

        public Scheduler {
            userFactors = userFactors == null ? Map.of() : Map.copyOf(userFactors);
            userClasses = userClasses == null ? Map.of() : Map.copyOf(userClasses);
            if (overrunGrace == null || horizon == null) {
                throw new IllegalArgumentException("doji.torque.scheduler.overrun-grace and horizon are required");
            }
            for (String c : userClasses.values()) {
                org.doji.crm.torque.sched.JobClass.valueOf(c.toUpperCase(java.util.Locale.ROOT));
            }
            // Validate the core's parameters now, at startup, not at the first pass.
            build(ordering, backfill, wt1Factor, wt2Factor, userFactors, defaultUserFactor, maxRunningPerUser,
                    maxRunningSinglePe, systemCoreCeiling, maxJobCores, overrunGrace, horizon);
        }

        public static Scheduler defaults() {
            return new Scheduler(SchedulerConfig.Ordering.PRIORITY, true, 0.1, 0.5, Map.of(), 0, 0, 0, 0, 0,
                    Duration.ofMinutes(1), Duration.ofDays(366), Map.of());
        }

        public SchedulerConfig toConfig() {
            return build(ordering, backfill, wt1Factor, wt2Factor, userFactors, defaultUserFactor, maxRunningPerUser,
                    maxRunningSinglePe, systemCoreCeiling, maxJobCores, overrunGrace, horizon);
        }

        private static SchedulerConfig build(SchedulerConfig.Ordering ordering, boolean backfill, double wt1f,
                                             double wt2f, Map<String, Double> userFactors, double defaultUserFactor,
                                             int perUser, int singlePe, int ceiling, int maxJob, Duration grace,
                                             Duration horizon) {
            SchedulerConfig d = SchedulerConfig.defaults();
            return new SchedulerConfig(ordering, backfill, wt1f, wt2f, userFactors, defaultUserFactor,
                    d.specialThreshold(), d.userTimeThreshold(), perUser, singlePe, ceiling, maxJob,
                    grace.getSeconds(), horizon.getSeconds());
        }
    }
}
