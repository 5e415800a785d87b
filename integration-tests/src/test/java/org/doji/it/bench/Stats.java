package org.doji.it.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Percentiles of a sample of durations in milliseconds. */
final class Stats {

    private final List<Double> values = new ArrayList<>();

    synchronized void add(double ms) {
        values.add(ms);
    }

    synchronized int count() {
        return values.size();
    }

    synchronized double percentile(double p) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int i = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, i)));
    }

    synchronized double mean() {
        return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }

    static double median(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        Collections.sort(s);
        int n = s.size();
        return n == 0 ? Double.NaN : n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }
}
