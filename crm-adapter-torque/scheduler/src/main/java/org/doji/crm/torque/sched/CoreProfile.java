package org.doji.crm.torque.sched;

/**
 * The resource reservation table over time for one pool of cores: a step function of free cores. The
 * segments (a start time and the free cores from there to the next start; the last runs to infinity)
 * are kept in time order in a linked list of small blocks, each knowing the minimum and maximum free
 * value inside it and carrying a pending addition for range updates. The earliest-fit search therefore
 * skips whole blocks: those with no room at all while looking for a start, those with room everywhere
 * while checking a window — the free amount over a window being the minimum of the step function over it
 * (DESIGN §5). A pass over 10,000 jobs touches a few hundred blocks per job instead of every segment.
 */
final class CoreProfile {

    private static final int CAP = 64;

    /** Up to CAP consecutive segments; actual free value = f[i] + add. */
    private static final class Block {
        final long[] t = new long[CAP];
        final int[] f = new int[CAP];
        int n;
        int add;
        int min;
        int max;
        Block next;

        void recompute() {
            int lo = Integer.MAX_VALUE;
            int hi = Integer.MIN_VALUE;
            for (int i = 0; i < n; i++) {
                lo = Math.min(lo, f[i]);
                hi = Math.max(hi, f[i]);
            }
            min = lo + add;
            max = hi + add;
        }

        int free(int i) {
            return f[i] + add;
        }
    }

    private final Block head = new Block();
    private final int capacity;
    private int segments = 1;
    /** Result of {@link #locate}: the block and index of the segment containing a time. */
    private Block foundBlock;
    private int foundIndex;
    /** Block of the last fit's start: reserve() locates from there (a block's first time never changes). */
    private Block hint;
    /**
     * Lower bounds learnt from earlier fits. Free cores only shrink during a pass, so a job at least as wide
     * and at least as long as one already placed, searched from no earlier a time, cannot start before that
     * one's start. Per core count, bucket k keeps the latest start among fits with duration in
     * [2^k, 2^(k+1)); a job of duration d may use every bucket below its own. Used only while searches come
     * in non-decreasing notBefore order (always so within a scheduling pass).
     */
    private final long[][] boundByBucket;
    private long lastFrom = Long.MIN_VALUE;
    private boolean boundsValid = true;

    CoreProfile(long now, int capacity) {
        this.capacity = capacity;
        head.t[0] = now;
        head.f[0] = capacity;
        head.n = 1;
        head.recompute();
        boundByBucket = new long[Math.max(0, capacity) + 1][];
    }

    int capacity() {
        return capacity;
    }

    long origin() {
        return head.t[0];
    }

    int segments() {
        return segments;
    }

    /** Free cores at instant t (t >= origin). */
    int freeAt(long t) {
        locate(t);
        return foundBlock.free(foundIndex);
    }

    /** The minimum of free cores over [from, to). */
    int minFree(long from, long to) {
        locate(from);
        Block b = foundBlock;
        int i = foundIndex;
        int min = Integer.MAX_VALUE;
        while (b != null && b.t[i] < to) {
            min = Math.min(min, b.free(i));
            if (++i == b.n) {
                b = b.next;
                i = 0;
            }
        }
        return min;
    }

    /** The first segment boundary strictly after t, or Long.MAX_VALUE if none. */
    long nextBoundaryAfter(long t) {
        locate(t);
        Block b = foundBlock;
        int i = foundIndex + 1;
        if (i == b.n) {
            b = b.next;
            i = 0;
        }
        return b == null ? Long.MAX_VALUE : b.t[i];
    }

    /**
     * The earliest start s >= notBefore such that at least {@code cores} are free over [s, s+duration),
     * or -1 when no such start exists before {@code latest}.
     */
    long earliestFit(long notBefore, long duration, int cores, long latest) {
        if (cores > capacity) {
            return -1;
        }
        long s = Math.max(notBefore, head.t[0]);
        long from = s;
        boundsValid &= from >= lastFrom;
        lastFrom = from;
        if (boundsValid && cores > 0) {
            s = Math.max(s, lowerBound(cores, duration));
        }
        locate(s);
        Block b = foundBlock;
        int i = foundIndex;
        while (true) {
            // Phase 1: the first segment at or after (b, i) with room; whole blocks without room are skipped.
            while (b.free(i) < cores) {
                if (++i == b.n) {
                    b = b.next;
                    while (b != null && b.max < cores) {
                        b = b.next;
                    }
                    if (b == null) {
                        return -1;
                    }
                    i = firstWithRoom(b, cores);
                }
                s = b.t[i];
            }
            if (s > latest) {
                return -1;
            }
            // Phase 2: the LAST segment inside [s, s + duration) without room; blocks with room everywhere are
            // skipped, blocks without room anywhere are taken whole. The next candidate start lies after it,
            // which jumps over every smaller gap inside the window at once.
            long end = s + duration;
            Block cb = b;
            int ci = i + 1;
            Block lb = null;
            int li = -1;
            while (true) {
                if (ci == cb.n) {
                    cb = cb.next;
                    ci = 0;
                    while (cb != null && cb.next != null && cb.next.t[0] < end
                            && (cb.min >= cores || cb.max < cores)) {
                        if (cb.max < cores) {
                            lb = cb;
                            li = cb.n - 1;
                        }
                        cb = cb.next;
                    }
                    if (cb == null) {
                        break;
                    }
                }
                if (cb.t[ci] >= end) {
                    break;
                }
                if (cb.free(ci) < cores) {
                    lb = cb;
                    li = ci;
                }
                ci++;
            }
            if (lb == null) {
                hint = b;
                if (cores > 0) {
                    remember(cores, duration, s);
                }
                return s;
            }
            b = lb;
            i = li + 1;
            if (i == b.n) {
                b = b.next;
                i = 0;
                if (b == null) {
                    return -1;
                }
            }
            s = b.t[i];
        }
    }

    private static int bucket(long duration) {
        return 63 - Long.numberOfLeadingZeros(Math.max(1, duration));
    }

    private long lowerBound(int cores, long duration) {
        long[] row = boundByBucket[cores];
        if (row == null) {
            return Long.MIN_VALUE;
        }
        long bound = Long.MIN_VALUE;
        for (int k = 0, top = bucket(duration); k < top; k++) {
            bound = Math.max(bound, row[k]);
        }
        return bound;
    }

    private void remember(int cores, long duration, long start) {
        long[] row = boundByBucket[cores];
        if (row == null) {
            row = new long[64];
            java.util.Arrays.fill(row, Long.MIN_VALUE);
            boundByBucket[cores] = row;
        }
        int k = bucket(duration);
        row[k] = Math.max(row[k], start);
    }

    private static int firstWithRoom(Block b, int cores) {
        int i = 0;
        while (b.free(i) < cores) {
            i++;
        }
        return i;
    }

    /** Takes {@code cores} over [from, to); from is clipped to the origin. Free may go negative (the
     *  table then records an overcommitment, e.g. a running job overlapping a reservation). */
    void reserve(long from, long to, int cores) {
        from = Math.max(from, head.t[0]);
        if (to <= from || cores == 0) {
            return;
        }
        split(to);
        split(from);
        locate(from);
        Block b = foundBlock;
        int i = foundIndex;
        while (b != null && b.t[i] < to) {
            if (i == 0 && b.t[b.n - 1] < to && (b.next == null ? false : b.next.t[0] <= to)) {
                b.add -= cores; // the whole block lies inside the range
                b.min -= cores;
                b.max -= cores;
                b = b.next;
                continue;
            }
            while (i < b.n && b.t[i] < to) {
                b.f[i] -= cores;
                i++;
            }
            b.recompute();
            if (i < b.n) {
                return;
            }
            b = b.next;
            i = 0;
        }
    }

    /** Ensures a segment boundary at t (t >= origin). */
    private void split(long t) {
        locate(t);
        Block b = foundBlock;
        int i = foundIndex;
        if (b.t[i] == t) {
            return;
        }
        if (b.n == CAP) {
            Block nb = new Block();
            int half = CAP / 2;
            System.arraycopy(b.t, half, nb.t, 0, CAP - half);
            System.arraycopy(b.f, half, nb.f, 0, CAP - half);
            nb.n = CAP - half;
            nb.add = b.add;
            b.n = half;
            nb.next = b.next;
            b.next = nb;
            b.recompute();
            nb.recompute();
            if (i >= half) {
                b = nb;
                i -= half;
            }
        }
        System.arraycopy(b.t, i + 1, b.t, i + 2, b.n - i - 1);
        System.arraycopy(b.f, i + 1, b.f, i + 2, b.n - i - 1);
        b.t[i + 1] = t;
        b.f[i + 1] = b.f[i];
        b.n++;
        segments++;
    }

    /** Sets foundBlock/foundIndex to the segment containing t: blocks are walked, then binary search. */
    private void locate(long t) {
        Block b = hint != null && hint.t[0] <= t ? hint : head;
        while (b.next != null && b.next.t[0] <= t) {
            b = b.next;
        }
        int lo = 0;
        int hi = b.n - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (b.t[mid] <= t) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        foundBlock = b;
        foundIndex = lo;
    }
}
