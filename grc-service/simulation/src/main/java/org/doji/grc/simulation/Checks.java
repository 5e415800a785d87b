package org.doji.grc.simulation;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The scenario's own checks; each message starts with the key of the scenario file it is about. */
final class Checks {

    private Checks() {
    }

    static void present(Object value, String key) {
        if (value == null) {
            throw new IllegalArgumentException(key + " is missing");
        }
    }

    static void text(String value, String key) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(key + " is missing");
        }
    }

    static <T> List<T> nonEmpty(List<T> values, String key) {
        if (values == null || values.isEmpty()) {
            throw new IllegalArgumentException(key + " needs at least one entry");
        }
        return List.copyOf(values);
    }

    static <N extends Number> List<N> positive(List<N> values, String key) {
        List<N> copy = nonEmpty(values, key);
        for (N v : copy) {
            if (v.doubleValue() <= 0) {
                throw new IllegalArgumentException(key + " values must be positive, got " + values);
            }
        }
        return copy;
    }

    static void unique(List<String> names, String key) {
        Set<String> seen = new HashSet<>();
        for (String n : names) {
            if (!seen.add(n)) {
                throw new IllegalArgumentException(key + ": \"" + n + "\" appears twice");
            }
        }
    }
}
