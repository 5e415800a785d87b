package org.doji.grc.notify;

import java.time.Duration;
import java.util.List;

/**
 * Subscriptions and their delivery: the longest a subscription may run (and how long one without a requested
 * termination time runs when it watches all of a user's co-allocations), how many one user may hold, the
 * delivery backoff (doubling from {@code retryFirst} up to {@code retryMax}), after how long an undeliverable
 * notification is given up, how long a delivery round's claim on a notification lasts, how many one round takes,
 * and which consumers may be notified (address prefixes; empty: any http(s) URL).
 */
public record NotificationSettings(Duration maxLifetime, int maxPerOwner, Duration retryFirst, Duration retryMax,
                                   Duration giveUpAfter, Duration claim, int batch, List<String> consumers) {

    public static final NotificationSettings DEFAULTS = new NotificationSettings(Duration.ofDays(7), 1000,
            Duration.ofSeconds(1), Duration.ofMinutes(5), Duration.ofDays(1), Duration.ofMinutes(1), 100, List.of());

    /** Without an allow-list of consumers: any http(s) consumer. */
    public NotificationSettings(Duration maxLifetime, int maxPerOwner, Duration retryFirst, Duration retryMax,
                                Duration giveUpAfter, Duration claim, int batch) {
        this(maxLifetime, maxPerOwner, retryFirst, retryMax, giveUpAfter, claim, batch, List.of());
    }

    public NotificationSettings {
        consumers = consumers == null ? List.of() : List.copyOf(consumers);
        for (String prefix : consumers) {
            ConsumerEndpoint.of(prefix); // an allowed prefix is itself an absolute http(s) URL
        }
        if (maxLifetime.isNegative() || maxLifetime.isZero() || maxPerOwner < 1 || retryFirst.isNegative()
                || retryFirst.isZero() || retryMax.compareTo(retryFirst) < 0 || giveUpAfter.isNegative()
                || claim.isNegative() || claim.isZero() || batch < 1) {
            throw new IllegalArgumentException("doji.grc.notifications: durations must be positive, retry-max at least"
                    + " retry-first, max-per-owner and batch at least 1");
        }
    }

    /**
     * Refuses a consumer outside the allow-list ({@code consumers}: address prefixes such as
     * {@code https://portal.example.org/}; empty: any), so users cannot make the GRC post into the operator's network.
     */
    public void checkConsumer(String address) {
        if (!consumers.isEmpty() && consumers.stream().noneMatch(address::startsWith)) {
            throw org.doji.rm.fault.DojiException.invalidField("ConsumerReference/Address", "CONSUMER_NOT_ALLOWED",
                    "this GRC delivers notifications only to consumers under " + String.join(", ", consumers));
        }
    }

    /** The wait before attempt {@code attempts + 1}: doubling, capped. */
    public Duration backoff(int attempts) {
        Duration d = retryFirst.multipliedBy(1L << Math.min(Math.max(attempts - 1, 0), 30));
        return d.compareTo(retryMax) > 0 || d.isNegative() ? retryMax : d;
    }
}
