package org.doji.grc.cli;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Times and durations as users type them: ISO-8601 ({@code 2026-11-23T13:00:00Z}, with an offset, or local
 * in the clock's zone), {@code now}, relative to now ({@code +1h}, {@code +1h30m}, {@code +2d}), and
 * durations as {@code 2h}, {@code 90m}, {@code 1h30m}, {@code 500ms} or ISO {@code PT2H}.
 */
public final class TimeArgs {

    private static final Pattern COMPACT = Pattern.compile("(?:(\\d+)d)?(?:(\\d+)h)?(?:(\\d+)m(?!s))?(?:(\\d+)s)?(?:(\\d+)ms)?");

    private TimeArgs() {
    }

    /** An instant; relative forms count from {@code clock}'s now, truncated to the second. */
    public static Instant instant(String option, String text, Clock clock) {
        String t = text.trim();
        Instant now = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        if (t.equalsIgnoreCase("now")) {
            return now;
        }
        if (t.startsWith("+")) {
            return now.plus(duration(option, t.substring(1)));
        }
        try {
            return Instant.parse(t);
        } catch (DateTimeParseException ignored) {
            // try the other forms
        }
        try {
            return OffsetDateTime.parse(t).toInstant();
        } catch (DateTimeParseException ignored) {
            // try the other forms
        }
        try {
            return LocalDateTime.parse(t).atZone(clock.getZone()).toInstant();
        } catch (DateTimeParseException e) {
            throw CliException.badArguments(option + ": '" + text + "' is not a time; use ISO-8601 "
                    + "(2026-11-23T13:00:00Z, 2026-11-23T13:00), 'now', or relative (+1h, +1h30m, +2d)");
        }
    }

    /** A positive duration. */
    public static Duration duration(String option, String text) {
        String t = text.trim();
        Duration d = null;
        if (t.toUpperCase(Locale.ROOT).startsWith("P")) {
            try {
                d = Duration.parse(t.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException e) {
                d = null;
            }
        } else {
            Matcher m = COMPACT.matcher(t.toLowerCase(Locale.ROOT));
            if (!t.isEmpty() && m.matches()) {
                d = Duration.ofDays(num(m.group(1))).plusHours(num(m.group(2))).plusMinutes(num(m.group(3)))
                        .plusSeconds(num(m.group(4))).plusMillis(num(m.group(5)));
            }
        }
        if (d == null) {
            throw CliException.badArguments(option + ": '" + text + "' is not a duration; use 2h, 90m, 1h30m, 1d, 500ms "
                    + "or ISO-8601 (PT2H)");
        }
        if (d.isZero() || d.isNegative()) {
            throw CliException.badArguments(option + ": the duration must be positive, was '" + text + "'");
        }
        return d;
    }

    private static long num(String group) {
        return group == null ? 0 : Long.parseLong(group);
    }
}
