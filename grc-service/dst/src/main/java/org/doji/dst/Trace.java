package org.doji.dst;

import java.util.ArrayList;
import java.util.List;

/**
 * What a run did, in order: a running 64-bit hash of every step (two runs of one seed must give the same one),
 * and, when asked for, the steps themselves as lines (a failing seed is replayed with them recorded, and the lines
 * that name the failing co-allocation or its reservations are printed).
 */
final class Trace {

    private static final long PRIME = 0x100000001b3L;

    private long hash = 0xcbf29ce484222325L;
    private long steps;
    private final List<String> lines;

    Trace(boolean recordLines) {
        this.lines = recordLines ? new ArrayList<>() : null;
    }

    /** One step: its virtual time (nanoseconds of the epoch), the node it ran on and what it was. */
    void step(long nanos, String node, String what) {
        mix(nanos);
        mix(node.hashCode());
        mix(what.hashCode());
        steps++;
        if (lines != null) {
            lines.add(nanos / 1_000_000 + " " + node + " " + what);
        }
    }

    /** A value that decided what happened next (a fault drawn, an answer's key). */
    void note(String what) {
        note(what, null);
    }

    /** The same, with {@code more} written to a recorded trace only (it does not enter the hash). */
    void note(String what, java.util.function.Supplier<String> more) {
        mix(what.hashCode());
        if (lines != null) {
            lines.add("  " + what + (more == null ? "" : more.get()));
        }
    }

    private void mix(long v) {
        hash = (hash ^ v) * PRIME;
    }

    long hash() {
        return hash;
    }

    String hex() {
        return String.format("%016x", hash);
    }

    long steps() {
        return steps;
    }

    boolean recording() {
        return lines != null;
    }

    /** The recorded lines that contain any of {@code needles} (with the line before each, for its time and node). */
    List<String> linesNaming(java.util.Collection<String> needles) {
        List<String> out = new ArrayList<>();
        if (lines == null) {
            return out;
        }
        String lastStep = null;
        for (String l : lines) {
            if (!l.startsWith("  ")) {
                lastStep = l;
            }
            for (String n : needles) {
                if (n != null && l.contains(n)) {
                    if (l.startsWith("  ") && lastStep != null && (out.isEmpty() || !out.get(out.size() - 1).equals(lastStep))) {
                        out.add(lastStep);
                    }
                    out.add(l);
                    break;
                }
            }
        }
        return out;
    }
}
