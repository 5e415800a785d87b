package org.doji.crm.torque.sched;

import java.util.Map;
import java.util.Objects;

/**
 * Every parameter of the scheduling core, with defaults ({@link #defaults()}) and validation. Times are
 * seconds because the core works on epoch seconds throughout (cheap arithmetic in the hot loop).
 *
 * @param ordering              FCFS (submit order) or PRIORITY (NQS classes with ageing)
 * @param backfill              true: every job goes to its earliest fitting time; false: no job may be
 *                              placed before a job ahead of it in the order (no overtaking)
 * @param wt1Factor             WT1F in WT1 = CPU·√PE·WT1F + userfact
 * @param wt2Factor             WT2F in WT2 = CPU·√PE·WT2F + userfact (WT1F ≤ WT2F)
 * @param userFactors           userfact per user, seconds (missing users: {@code defaultUserFactor})
 * @param defaultUserFactor     userfact of users not listed
 * @param specialThreshold      fixed WTx of special jobs (far below 0, so they always lead)
 * @param userTimeThreshold     fixed WTx of user-time jobs (far below 0, after special ones)
 * @param maxRunningPerUser     run limit: jobs one user may have running at once (0 = unlimited)
 * @param maxRunningSinglePe    run limit: single-PE jobs running at once (0 = unlimited)
 * @param systemCoreCeiling     system resource ceiling: cores general jobs may use at once (0 = all)
 * @param maxJobCores           largest job accepted (0 = the whole cluster)
 * @param overrunGraceSeconds   a running job past its estimate is assumed to end this much after now
 * @param horizonSeconds        jobs that fit no earlier than now + horizon are left unplaced
 */
public record SchedulerConfig(
        Ordering ordering,
        boolean backfill,
        double wt1Factor,
        double wt2Factor,
        Map<String, Double> userFactors,
        double defaultUserFactor,
        double specialThreshold,
        double userTimeThreshold,
        int maxRunningPerUser,
        int maxRunningSinglePe,
        int systemCoreCeiling,
        int maxJobCores,
        long overrunGraceSeconds,
        long horizonSeconds) {

    public enum Ordering { FCFS, PRIORITY }

    public SchedulerConfig {
        Objects.requireNonNull(ordering, "ordering");
        userFactors = Map.copyOf(userFactors == null ? Map.of() : userFactors);
        if (!(wt1Factor > 0) || !(wt2Factor >= wt1Factor) || Double.isInfinite(wt2Factor)) {
            throw new IllegalArgumentException("need 0 < WT1F <= WT2F, got WT1F=" + wt1Factor + " WT2F=" + wt2Factor);
        }
        if (!(specialThreshold < 0) || !(userTimeThreshold < 0)) {
            throw new IllegalArgumentException("special and user-time thresholds must be below 0");
        }
        if (maxRunningPerUser < 0 || maxRunningSinglePe < 0 || systemCoreCeiling < 0 || maxJobCores < 0) {
            throw new IllegalArgumentException("limits must be >= 0 (0 = unlimited)");
        }
        if (overrunGraceSeconds < 1 || horizonSeconds < 60) {
            throw new IllegalArgumentException("overrunGraceSeconds >= 1 and horizonSeconds >= 60 required");
        }
    }

    /** NQS-style priority with ageing, backfill on, no run limits. */
    public static SchedulerConfig defaults() {
        return new SchedulerConfig(Ordering.PRIORITY, true, 0.1, 0.5, Map.of(), 0,
                -1e12, -1e11, 0, 0, 0, 0, 60, 366L * 24 * 3600);
    }

    public double userFactor(String user) {
        return userFactors.getOrDefault(user, defaultUserFactor);
    }

    public SchedulerConfig withPolicy(Ordering newOrdering, boolean newBackfill) {
        return new SchedulerConfig(newOrdering, newBackfill, wt1Factor, wt2Factor, userFactors, defaultUserFactor,
                specialThreshold, userTimeThreshold, maxRunningPerUser, maxRunningSinglePe, systemCoreCeiling,
                maxJobCores, overrunGraceSeconds, horizonSeconds);
    }

    public SchedulerConfig withRunLimits(int perUser, int singlePe, int ceiling) {
        return new SchedulerConfig(ordering, backfill, wt1Factor, wt2Factor, userFactors, defaultUserFactor,
                specialThreshold, userTimeThreshold, perUser, singlePe, ceiling, maxJobCores,
                overrunGraceSeconds, horizonSeconds);
    }

    public SchedulerConfig withAgeing(double wt1f, double wt2f, Map<String, Double> factors) {
        return new SchedulerConfig(ordering, backfill, wt1f, wt2f, factors, defaultUserFactor,
                specialThreshold, userTimeThreshold, maxRunningPerUser, maxRunningSinglePe, systemCoreCeiling,
                maxJobCores, overrunGraceSeconds, horizonSeconds);
    }
}
