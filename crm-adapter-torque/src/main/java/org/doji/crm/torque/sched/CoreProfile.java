package org.doji.crm.torque.sched;

import java.util.Arrays;

/**
 * The resource reservation table over time for one pool of cores: a step function of free cores,
 * kept as a singly linked list of segments in parallel primitive arrays. Segment k covers
 * [time[k], time[next[k]]) and the last one runs to infinity. Node indices never move, so a search can
 * resume from a remembered segment and an insertion is O(1) once the position is known: placing a job
 * costs one forward walk from its earliest allowed start, with no array shifting.
 *
 * <p>The free amount over a window is the minimum of the step function over it (DESIGN §5); the
 * earliest-fit search skips straight past every segment that is too full.
 */
final class CoreProfile {

    private static final int NONE = -1;

    private long[] time;
    private int[] free;
    private int[] next;
    private int size;
    private final int capacity;
    /** Segment where the most recent fit started; a later search whose notBefore is not earlier
     *  resumes there instead of at the head (segment times never change once created). */
    private int hint;
    private int lastFitNode;
    /** Per core count: a segment no later than the first one with at least that many free cores. */
    private final int[] firstWithRoom;

    CoreProfile(long now, int capacity) {
        int initial = 1024;
        time = new long[initial];
        free = new int[initial];
        next = new int[initial];
        time[0] = now;
        free[0] = capacity;
        next[0] = NONE;
        size = 1;
        this.capacity = capacity;
        this.firstWithRoom = new int[Math.max(0, capacity) + 1];
        Arrays.fill(firstWithRoom, -1);
    }

    int capacity() {
        return capacity;
    }

    long origin() {
        return time[0];
    }

    /** Free cores at instant t (t >= origin). */
    int freeAt(long t) {
        return free[locate(0, t)];
    }

    /** The minimum of free cores over [from, to). */
    int minFree(long from, long to) {
        int k = locate(0, from);
        int min = Integer.MAX_VALUE;
        while (k != NONE && time[k] < to) {
            min = Math.min(min, free[k]);
            k = next[k];
        }
        return min;
    }

    /** The first segment boundary strictly after t, or Long.MAX_VALUE if none. */
    long nextBoundaryAfter(long t) {
        int k = locate(0, t);
        return next[k] == NONE ? Long.MAX_VALUE : time[next[k]];
    }

    /**
     * The earliest start s >= notBefore such that at least {@code cores} are free over [s, s+duration),
     * or -1 when no such start exists before {@code latest}.
     */
    long earliestFit(long notBefore, long duration, int cores, long latest) {
        if (cores > capacity) {
            return -1;
        }
        if (cores < 1) {
            return Math.max(notBefore, time[0]);
        }
        // Start at the first segment that ever had room for this many cores (free only shrinks during a
        // pass, and splits copy their parent's value, so no earlier segment can have room now).
        int cached = firstWithRoom[cores];
        int startSeg = cached >= 0 ? cached : (hint < size && time[hint] <= notBefore ? hint : 0);
        boolean fromFirstRoom = cached >= 0 ? notBefore <= time[cached] : notBefore <= time[0];
        int k;
        long s;
        if (time[startSeg] <= notBefore) {
            k = locate(startSeg, notBefore);
            s = Math.max(notBefore, time[0]);
        } else {
            k = startSeg;
            s = time[k];
        }
        int startNode = k;
        int firstRoom = -1;
        while (true) {
            if (s > latest) {
                break;
            }
            int nk = next[k];
            if (free[k] < cores) {
                if (nk == NONE) {
                    break;
                }
                s = time[nk];
                startNode = nk;
                k = nk;
                continue;
            }
            if (firstRoom < 0) {
                firstRoom = k;
            }
            if (nk == NONE || s + duration <= time[nk]) {
                lastFitNode = startNode;
                hint = startNode;
                remember(cores, firstRoom, fromFirstRoom);
                return s;
            }
            k = nk;
        }
        remember(cores, firstRoom, fromFirstRoom);
        return -1;
    }

    private void remember(int cores, int firstRoom, boolean fromFirstRoom) {
        if (fromFirstRoom && firstRoom >= 0) {
            firstWithRoom[cores] = firstRoom;
        }
    }

    /** Takes {@code cores} over [from, to); from is clipped to the origin. Free may go negative (the
     *  table then records an overcommitment, e.g. a running job overlapping a reservation). */
    void reserve(long from, long to, int cores) {
        from = Math.max(from, time[0]);
        if (to <= from || cores == 0) {
            return;
        }
        int searchFrom = lastFitNode < size && time[lastFitNode] <= from ? lastFitNode : 0;
        int k = splitAt(locate(searchFrom, from), from);
        while (true) {
            int nk = next[k];
            if (nk == NONE || time[nk] > to) {
                splitAt(k, to);
                free[k] -= cores;
                return;
            }
            free[k] -= cores;
            if (time[nk] == to) {
                return;
            }
            k = nk;
        }
    }

    int segments() {
        return size;
    }

    /** The segment containing t, walking forward from segment {@code from} (whose time is <= t). */
    private int locate(int from, long t) {
        int k = from;
        while (next[k] != NONE && time[next[k]] <= t) {
            k = next[k];
        }
        return k;
    }

    /** Ensures a boundary at t inside segment k (time[k] <= t); returns the segment starting at t. */
    private int splitAt(int k, long t) {
        if (time[k] == t) {
            return k;
        }
        if (size == time.length) {
            int n = size * 2;
            time = Arrays.copyOf(time, n);
            free = Arrays.copyOf(free, n);
            next = Arrays.copyOf(next, n);
        }
        int m = size++;
        time[m] = t;
        free[m] = free[k];
        next[m] = next[k];
        next[k] = m;
        return m;
    }
}
