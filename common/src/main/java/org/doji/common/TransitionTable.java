package org.doji.common;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * A state machine's transition table: for a state and an event, the next state, or none when the pair is not in
 * the table. Immutable once built, so a machine can hold it in a constant; the machine's guard adds the rules that
 * depend on more than the pair and turns "none" into its own refusal.
 */
public final class TransitionTable<S extends Enum<S>, E extends Enum<E>> {

    private final Map<S, Map<E, S>> table;

    private TransitionTable(Map<S, Map<E, S>> table) {
        this.table = table;
    }

    public static <S extends Enum<S>, E extends Enum<E>> Builder<S, E> builder(Class<S> states, Class<E> events) {
        return new Builder<>(states, events);
    }

    /** The table's entry for the pair; empty when there is none. */
    public Optional<S> target(S from, E event) {
        Map<E, S> row = table.get(from);
        return Optional.ofNullable(row == null ? null : row.get(event));
    }

    public static final class Builder<S extends Enum<S>, E extends Enum<E>> {
        private final Class<E> events;
        private final Map<S, Map<E, S>> table;

        private Builder(Class<S> states, Class<E> events) {
            this.events = events;
            this.table = new EnumMap<>(states);
        }

        /** Adds {@code from --event--> to}; a pair given twice is a mistake in the table, refused. */
        public Builder<S, E> on(S from, E event, S to) {
            S before = table.computeIfAbsent(from, k -> new EnumMap<>(events)).putIfAbsent(event, to);
            if (before != null) {
                throw new IllegalStateException(from + " on " + event + " is already " + before);
            }
            return this;
        }

        public TransitionTable<S, E> build() {
            Map<S, Map<E, S>> copy = new EnumMap<>(table);
            copy.replaceAll((state, row) -> Collections.unmodifiableMap(new EnumMap<>(row)));
            return new TransitionTable<>(Collections.unmodifiableMap(copy));
        }
    }
}
