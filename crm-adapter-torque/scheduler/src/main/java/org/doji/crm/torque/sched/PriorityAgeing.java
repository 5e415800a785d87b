package org.doji.crm.torque.sched;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * NQS-style priority with ageing (DESIGN §7). A general job that has waited WT seconds is in class 0
 * until WT reaches WT1 = CPU·√PE·WT1F + userfact, in class 1 until WT reaches WT2 = CPU·√PE·WT2F +
 * userfact, and in class 2 after that; higher classes run first. CPU is the job's estimated run time
 * (its CPU-time request per PE), PE its core count. Within a class the smaller WTx − WT runs first, WTx
 * being the threshold the job heads for (WT1 in class 0, WT2 in classes 1 and 2). Privileged jobs lead in
 * submit order; special and user-time jobs follow with fixed thresholds far below 0, ahead of every
 * general job. Under FCFS ordering everything is simply submit order.
 */
public final class PriorityAgeing {

    /** Where a job stands at one instant: its tier (lower runs first) and its key within the tier. */
    public record Rank(int tier, double key, int ageClass) {
    }

    /** Tier of privileged jobs; special/user-time jobs are tier 1; general class c is tier 4 − c. */
    public static final int TIER_PRIVILEGED = 0;
    public static final int TIER_FIXED = 1;

    private final SchedulerConfig config;

    public PriorityAgeing(SchedulerConfig config) {
        this.config = config;
    }

    public double wt1(PoolJob job) {
        return base(job) * config.wt1Factor() + config.userFactor(job.user());
    }

    public double wt2(PoolJob job) {
        return base(job) * config.wt2Factor() + config.userFactor(job.user());
    }

    private static double base(PoolJob job) {
        return job.estimatedRunSeconds() * Math.sqrt(job.cores());
    }

    public Rank rank(PoolJob job, long now) {
        double wt = Math.max(0, now - job.submitTime());
        return switch (job.jobClass()) {
            case PRIVILEGED -> new Rank(TIER_PRIVILEGED, job.submitTime(), 2);
            case SPECIAL -> new Rank(TIER_FIXED, config.specialThreshold() - wt, 2);
            case USER_TIME -> new Rank(TIER_FIXED, config.userTimeThreshold() - wt, 2);
            case GENERAL -> general(job, wt);
        };
    }

    private Rank general(PoolJob job, double wt) {
        double wt1 = wt1(job);
        double wt2 = wt2(job);
        int ageClass = wt >= wt2 ? 2 : wt >= wt1 ? 1 : 0;
        double key = ageClass == 0 ? wt1 - wt : wt2 - wt;
        return new Rank(4 - ageClass, key, ageClass);
    }

    /** The pool in the order the scheduler walks it at instant {@code now}. */
    public List<PoolJob> order(List<PoolJob> pool, long now) {
        int n = pool.size();
        List<Ranked> ranked = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            PoolJob j = pool.get(i);
            if (config.ordering() == SchedulerConfig.Ordering.FCFS) {
                ranked.add(new Ranked(j, 0, j.submitTime(), i));
            } else {
                Rank r = rank(j, now);
                ranked.add(new Ranked(j, r.tier(), r.key(), i));
            }
        }
        ranked.sort(Comparator.comparingInt(Ranked::tier).thenComparingDouble(Ranked::key)
                .thenComparingLong(r -> r.job.submitTime()).thenComparingInt(Ranked::index));
        List<PoolJob> out = new ArrayList<>(n);
        for (Ranked r : ranked) {
            out.add(r.job);
        }
        return out;
    }

    private record Ranked(PoolJob job, int tier, double key, int index) {
    }
}
