package org.doji.grc.notify;

import java.time.Duration;
import java.util.List;

/**
 * Subscriptions and their delivery: the longest a subscription may run (and how long one without a requested
 * termination time runs when it watches all of a user's co-allocations), how many one user may hold, the
 * delivery backoff (doubling from {@code retryFirst} up to {@code retryMax}), after how long an undeliverable
 * notification is given up, how long a delivery round's claim on a notification lasts, how many one round takes,
 * and which consumers may be notified ({@link ConsumerPolicy}).
 */
public record NotificationSettings(Duration maxLifetime, int maxPerOwner, Duration retryFirst, Duration retryMax,
                                   Duration giveUpAfter, Duration claim, int batch, ConsumerPolicy consumers) {

    public static final NotificationSettings DEFAULTS = new NotificationSettings(Duration.ofDays(7), 1000,
            Duration.ofSeconds(1), Duration.ofMinutes(5), Duration.ofDays(1), Duration.ofMinutes(1), 100,
            ConsumerPolicy.OPEN);

    /** Without an allow-list of consumers, security off: any consumer outside the operator's network. */
    public NotificationSettings(Duration maxLifetime, int maxPerOwner, Duration retryFirst, Duration retryMax,
                                Duration giveUpAfter, Duration claim, int batch) {
        this(maxLifetime, maxPerOwner, retryFirst, retryMax, giveUpAfter, claim, batch, ConsumerPolicy.OPEN);
    }

    /** With an allow-list of consumers ({@link ConsumerPolicy}), security off. */
    public NotificationSettings(Duration maxLifetime, int maxPerOwner, Duration retryFirst, Duration retryMax,
                                Duration giveUpAfter, Duration claim, int batch, List<String> consumers) {
        this(maxLifetime, maxPerOwner, retryFirst, retryMax, giveUpAfter, claim, batch,
                new ConsumerPolicy(consumers == null ? List.of() : consumers, false, ConsumerPolicy.DNS));
    }

    public NotificationSettings {
        consumers = consumers == null ? ConsumerPolicy.OPEN : consumers;
        if (maxLifetime.isNegative() || maxLifetime.isZero() || maxPerOwner < 1 || retryFirst.isNegative()
                || retryFirst.isZero() || retryMax.compareTo(retryFirst) < 0 || giveUpAfter.isNegative()
                || claim.isNegative() || claim.isZero() || batch < 1) {
            throw new IllegalArgumentException("doji.grc.notifications: durations must be positive, retry-max at least"
                    + " retry-first, max-per-owner and batch at least 1");
        }
    }

    /** Refuses a consumer the GRC may not notify ({@link ConsumerPolicy}): users cannot aim it into the operator's network. */
    public void checkConsumer(String address) {
        consumers.check(address);
    }

    /** The same settings with another consumer policy. */
    public NotificationSettings withConsumers(ConsumerPolicy policy) {
        return new NotificationSettings(maxLifetime, maxPerOwner, retryFirst, retryMax, giveUpAfter, claim, batch, policy);
    }

    /** The wait before attempt {@code attempts + 1}: doubling, capped. */
    public Duration backoff(int attempts) {
        Duration d = retryFirst.multipliedBy(1L << Math.min(Math.max(attempts - 1, 0), 30));
        return d.compareTo(retryMax) > 0 || d.isNegative() ? retryMax : d;
    }
}
