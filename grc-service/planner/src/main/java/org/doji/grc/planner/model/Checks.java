package org.doji.grc.planner.model;

import java.util.Collection;
import java.util.Map;

/** Constructor validation shared by the model records; failures are IllegalArgumentException. */
final class Checks {
    private Checks() {
    }

    static String name(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(what + " must not be blank");
        }
        return value;
    }

    static double nonNegative(double value, String what) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(what + " must be a finite number >= 0, was " + value);
        }
        return value;
    }

    static long nonNegative(long value, String what) {
        if (value < 0) {
            throw new IllegalArgumentException(what + " must be >= 0, was " + value);
        }
        return value;
    }

    static <T> void noNulls(Collection<T> values, String what) {
        if (values == null) {
            throw new IllegalArgumentException(what + " must not be null");
        }
        for (T v : values) {
            if (v == null) {
                throw new IllegalArgumentException(what + " must not contain null");
            }
        }
    }

    static <K, V> void noNulls(Map<K, V> values, String what) {
        if (values == null) {
            throw new IllegalArgumentException(what + " must not be null");
        }
        values.forEach((k, v) -> {
            if (k == null || v == null) {
                throw new IllegalArgumentException(what + " must not contain null keys or values");
            }
        });
    }
}
