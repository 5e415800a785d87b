package org.doji.rm.model;

import java.time.Duration;
import java.time.Instant;
import org.doji.rm.fault.DojiException;

/**
 * The one rule for the time of a reservation, applied alike by the GRC to a co-allocation request and by every RM
 * (and the GRC acting as one) to a reservation spec, so that nothing the GRC accepts is later refused by its RMs
 * for its time alone: a window ends after it starts and after now, ends at most {@code maxAdvance} from now, lasts
 * at most {@code maxLength}, and a new one does not start more than {@code startTolerance} before now (the
 * tolerance covers clocks a little apart and the time a request takes to arrive).
 */
public record TimePolicy(Duration maxAdvance, Duration maxLength, Duration startTolerance) {

    public static final Duration DEFAULT_MAX_ADVANCE = Duration.ofDays(366);
    public static final Duration DEFAULT_START_TOLERANCE = Duration.ofMinutes(5);
    public static final TimePolicy DEFAULT = new TimePolicy(DEFAULT_MAX_ADVANCE, Duration.ofDays(366), DEFAULT_START_TOLERANCE);

    public TimePolicy {
        if (maxAdvance == null || maxAdvance.isNegative() || maxAdvance.isZero()) {
            throw new IllegalArgumentException("the longest time ahead must be positive, was " + maxAdvance);
        }
        if (maxLength == null || maxLength.isNegative() || maxLength.isZero()) {
            throw new IllegalArgumentException("the longest reservation must be positive, was " + maxLength);
        }
        if (startTolerance == null || startTolerance.isNegative()) {
            throw new IllegalArgumentException("the start tolerance must not be negative, was " + startTolerance);
        }
    }

    /** A new window [start, end) asked for at {@code now}; {@code field} names it in the fault. */
    public void checkNew(Instant start, Instant end, Instant now, String field) {
        checkOrder(start, end, now, field);
        if (start.isBefore(now.minus(startTolerance))) {
            throw DojiException.invalidField(field, "STARTS_IN_PAST", "the window starts at " + start
                    + ", before now (" + now + "); ask for a start from now on");
        }
        checkLimits(start, end, now, field);
    }

    /** A window being changed (a modification): it may have started already, but must hold every other rule. */
    public void check(Instant start, Instant end, Instant now, String field) {
        checkOrder(start, end, now, field);
        checkLimits(start, end, now, field);
    }

    private static void checkOrder(Instant start, Instant end, Instant now, String field) {
        if (!end.isAfter(start)) {
            throw DojiException.invalidField(field, "END_NOT_AFTER_START", "the window's end (" + end
                    + ") must be after its start (" + start + ")");
        }
        if (!end.isAfter(now)) {
            throw DojiException.invalidField(field, "WINDOW_IN_PAST", "the window ends at " + end
                    + ", which is not after now (" + now + ")");
        }
    }

    private void checkLimits(Instant start, Instant end, Instant now, String field) {
        if (end.isAfter(now.plus(maxAdvance))) {
            throw DojiException.invalidField(field, "TOO_FAR_AHEAD", "the window ends at " + end
                    + "; reservations can end at most " + maxAdvance.toDays() + " days ahead");
        }
        if (Duration.between(start, end).compareTo(maxLength) > 0) {
            throw DojiException.invalidField(field, "WINDOW_TOO_LONG", "the window is " + Duration.between(start, end)
                    + " long; at most " + maxLength + " is accepted");
        }
    }
}
