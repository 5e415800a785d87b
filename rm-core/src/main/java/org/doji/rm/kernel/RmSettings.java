package org.doji.rm.kernel;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Kernel settings, validated: the RM's id, its hold timeout, the longest reservation it accepts,
 * service levels (the share of free capacity each user may see; default 1.0), the coordinators
 * allowed to reserve (empty = anyone authenticated), how long answers to mutating calls are kept for retries,
 * and how long a finished reservation (ended, cancelled, aborted, failed) is kept before it is forgotten.
 */
public record RmSettings(String rmId, Duration holdTimeout, Duration maxReservationLength,
                         Map<String, Double> serviceLevels, Set<String> coordinators, Duration answerRetention,
                         Duration retention) {

    /** How long answers to mutating calls are kept for retries when nothing else is said. */
    public static final Duration DEFAULT_ANSWER_RETENTION = Duration.ofDays(7);
    /** How long finished reservations are kept when nothing else is said. */
    public static final Duration DEFAULT_RETENTION = Duration.ofDays(30);

    public RmSettings(String rmId, Duration holdTimeout, Duration maxReservationLength,
                      Map<String, Double> serviceLevels, Set<String> coordinators) {
        this(rmId, holdTimeout, maxReservationLength, serviceLevels, coordinators, DEFAULT_ANSWER_RETENTION);
    }

    public RmSettings(String rmId, Duration holdTimeout, Duration maxReservationLength,
                      Map<String, Double> serviceLevels, Set<String> coordinators, Duration answerRetention) {
        this(rmId, holdTimeout, maxReservationLength, serviceLevels, coordinators, answerRetention, DEFAULT_RETENTION);
    }

    public RmSettings {
        Objects.requireNonNull(rmId, "rmId");
        if (rmId.isBlank()) {
            throw new IllegalArgumentException("doji.rm.id must not be blank");
        }
        if (holdTimeout == null || holdTimeout.isNegative() || holdTimeout.isZero()) {
            throw new IllegalArgumentException("doji.rm.hold-timeout must be positive, was " + holdTimeout);
        }
        if (maxReservationLength == null || maxReservationLength.isNegative() || maxReservationLength.isZero()) {
            throw new IllegalArgumentException("doji.rm.max-reservation-length must be positive");
        }
        serviceLevels = Map.copyOf(serviceLevels == null ? Map.of() : serviceLevels);
        serviceLevels.forEach((user, share) -> {
            if (share == null || share <= 0 || share > 1) {
                throw new IllegalArgumentException("service level of " + user + " must be in (0, 1], was " + share);
            }
        });
        coordinators = Set.copyOf(coordinators == null ? Set.of() : coordinators);
        if (answerRetention == null) {
            answerRetention = DEFAULT_ANSWER_RETENTION;
        }
        if (answerRetention.compareTo(holdTimeout) <= 0) {
            // a coordinator retries phase two for at least a hold timeout: its answers must outlive that
            throw new IllegalArgumentException("doji.rm.answer-retention must be longer than the hold timeout, was "
                    + answerRetention);
        }
        if (retention == null) {
            retention = DEFAULT_RETENTION;
        }
        if (retention.isNegative() || retention.isZero()) {
            throw new IllegalArgumentException("doji.rm.retention must be positive, was " + retention);
        }
    }

    public static RmSettings defaults(String rmId) {
        return new RmSettings(rmId, Duration.ofSeconds(120), Duration.ofDays(366), Map.of(), Set.of());
    }

    /** The time rule of this RM: the common one, with this RM's longest reservation. */
    public org.doji.rm.model.TimePolicy timePolicy() {
        return new org.doji.rm.model.TimePolicy(org.doji.rm.model.TimePolicy.DEFAULT_MAX_ADVANCE, maxReservationLength,
                org.doji.rm.model.TimePolicy.DEFAULT_START_TOLERANCE);
    }

    public double shareFor(String user) {
        return user == null ? 1.0 : serviceLevels.getOrDefault(user, 1.0);
    }
}
