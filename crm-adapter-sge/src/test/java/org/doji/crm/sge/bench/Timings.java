package org.doji.crm.sge.bench;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Nanoseconds and call counts per category (a command name, "db"), reset between measured operations. */
final class Timings {

    private final Map<String, LongAdder> nanos = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> calls = new ConcurrentHashMap<>();

    void add(String what, long ns) {
        nanos.computeIfAbsent(what, k -> new LongAdder()).add(ns);
        calls.computeIfAbsent(what, k -> new LongAdder()).increment();
    }

    void reset() {
        nanos.clear();
        calls.clear();
    }

    long nanos(String what) {
        LongAdder a = nanos.get(what);
        return a == null ? 0 : a.sum();
    }

    /** Snapshot: name to {nanos, calls}. */
    Map<String, long[]> snapshot() {
        Map<String, long[]> m = new TreeMap<>();
        nanos.forEach((k, v) -> m.put(k, new long[] {v.sum(), calls.get(k).sum()}));
        return m;
    }
}
