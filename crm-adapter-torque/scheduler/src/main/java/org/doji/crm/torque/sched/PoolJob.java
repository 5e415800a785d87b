package org.doji.crm.torque.sched;

import java.util.Objects;

/**
 * A queued job in the single pool. Times are epoch seconds.
 *
 * @param reservationId non-null: the job may run only inside that advance reservation's slot and nodes
 */
public record PoolJob(String id, String user, ResourceExpression resources, long estimatedRunSeconds,
                      long submitTime, JobClass jobClass, String reservationId) {

    public PoolJob {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(resources, "resources");
        Objects.requireNonNull(jobClass, "jobClass");
        if (estimatedRunSeconds < 1) {
            throw new IllegalArgumentException("estimated run time must be >= 1 s: " + id);
        }
    }

    public static PoolJob general(String id, String user, int cores, long estimate, long submit) {
        return new PoolJob(id, user, ResourceExpression.cores(cores), estimate, submit, JobClass.GENERAL, null);
    }

    public int cores() {
        return resources.totalCores();
    }
}
