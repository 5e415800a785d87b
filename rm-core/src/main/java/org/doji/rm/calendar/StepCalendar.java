package org.doji.rm.calendar;

import java.time.Instant;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Usage of one resource over time as a step function. Each key is a breakpoint; its value is the usage
 * from that instant until the next breakpoint (0 before the first). Booking touches only the
 * breakpoints inside the booked window, and the maximum usage over [from, to) reads only the
 * breakpoints inside that window (plus one floor lookup): no query scans every reservation.
 */
public final class StepCalendar {

    private final NavigableMap<Instant, Long> levels = new TreeMap<>();

    /** Adds {@code amount} (may be negative, to release) over [from, to). */
    public void add(Instant from, Instant to, long amount) {
        if (!to.isAfter(from) || amount == 0) {
            return;
        }
        levels.putIfAbsent(to, levelAt(to));
        levels.putIfAbsent(from, levelAt(from));
        for (Map.Entry<Instant, Long> e : levels.subMap(from, true, to, false).entrySet()) {
            e.setValue(e.getValue() + amount);
        }
        compact(from);
        compact(to);
    }

    /** Usage at instant t. */
    public long levelAt(Instant t) {
        Map.Entry<Instant, Long> floor = levels.floorEntry(t);
        return floor == null ? 0 : floor.getValue();
    }

    /** Maximum usage over [from, to). */
    public long maxUsage(Instant from, Instant to) {
        long max = levelAt(from);
        for (long v : levels.subMap(from, false, to, false).values()) {
            max = Math.max(max, v);
        }
        return max;
    }

    /**
     * The latest instant at or before {@code t} at which usage fell to zero, i.e. when the previous
     * booking ended; null if nothing was ever booked before t. Used for PluS node choice.
     */
    public Instant lastFreedAtOrBefore(Instant t) {
        Map.Entry<Instant, Long> e = levels.floorEntry(t);
        while (e != null) {
            Map.Entry<Instant, Long> before = levels.lowerEntry(e.getKey());
            if (e.getValue() == 0 && before != null && before.getValue() > 0) {
                return e.getKey();
            }
            e = before;
        }
        return null;
    }

    /** A copy of the breakpoints and their levels. */
    public NavigableMap<Instant, Long> profile() {
        return new TreeMap<>(levels);
    }

    public boolean isEmpty() {
        return levels.isEmpty();
    }

    /** Number of breakpoints (for tests and metrics). */
    public int breakpoints() {
        return levels.size();
    }

    /** Drops a breakpoint that does not change the level. */
    private void compact(Instant key) {
        Long value = levels.get(key);
        if (value == null) {
            return;
        }
        Map.Entry<Instant, Long> before = levels.lowerEntry(key);
        long previous = before == null ? 0 : before.getValue();
        if (previous == value) {
            levels.remove(key);
        }
    }
}
