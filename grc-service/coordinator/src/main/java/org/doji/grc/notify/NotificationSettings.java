package org.doji.grc.notify;

import java.time.Duration;

/**
 * Subscriptions and their delivery: the longest a subscription may run (and how long one without a requested
 * termination time runs when it watches all of a user's co-allocations), how many one user may hold, the
 * delivery backoff (doubling from {@code retryFirst} up to {@code retryMax}), after how long an undeliverable
 * notification is given up, how long a delivery round's claim on a notification lasts, and how many one round takes.
 */
public record NotificationSettings(Duration maxLifetime, int maxPerOwner, Duration retryFirst, Duration retryMax,
                                   Duration giveUpAfter, Duration claim, int batch) {

    public static final NotificationSettings DEFAULTS = new NotificationSettings(Duration.ofDays(7), 1000,
            Duration.ofSeconds(1), Duration.ofMinutes(5), Duration.ofDays(1), Duration.ofMinutes(1), 100);

    public NotificationSettings {
        if (maxLifetime.isNegative() || maxLifetime.isZero() || maxPerOwner < 1 || retryFirst.isNegative()
                || retryFirst.isZero() || retryMax.compareTo(retryFirst) < 0 || giveUpAfter.isNegative()
                || claim.isNegative() || claim.isZero() || batch < 1) {
            throw new IllegalArgumentException("doji.grc.notifications: durations must be positive, retry-max at least"
                    + " retry-first, max-per-owner and batch at least 1");
        }
    }

    /** The wait before attempt {@code attempts + 1}: doubling, capped. */
    public Duration backoff(int attempts) {
        Duration d = retryFirst.multipliedBy(1L << Math.min(Math.max(attempts - 1, 0), 30));
        return d.compareTo(retryMax) > 0 || d.isNegative() ? retryMax : d;
    }
}
