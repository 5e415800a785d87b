package org.doji.grc.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Draws values uniformly from a set (with whole-number weights). Balanced: dealt from a shuffled deck holding
 * every value as often as its weight, refilled when empty, so over any whole number of decks each value comes
 * up exactly as often as it should and a run's demand sits on its expected value instead of wandering with the
 * sampling noise. Independent: each draw on its own. (Drawing type and duration as one pair from one deck also
 * keeps their product, the request's length in link- and site-hours, on its expected value.)
 */
final class Draw<T> {

    private final List<T> deck = new ArrayList<>();
    private final boolean balanced;
    private final SplittableRandom random;
    private final List<T> pending = new ArrayList<>();

    Draw(List<T> values, List<Integer> weights, boolean balanced, SplittableRandom random) {
        for (int i = 0; i < values.size(); i++) {
            for (int w = 0; w < weights.get(i); w++) {
                deck.add(values.get(i));
            }
        }
        this.balanced = balanced;
        this.random = random;
    }

    static <T> Draw<T> uniform(List<T> values, boolean balanced, SplittableRandom random) {
        return new Draw<>(values, java.util.Collections.nCopies(values.size(), 1), balanced, random);
    }

    T next() {
        if (!balanced) {
            return deck.get(random.nextInt(deck.size()));
        }
        if (pending.isEmpty()) {
            pending.addAll(deck);
            // Fisher-Yates with the run's own generator (Collections.shuffle would need a java.util.Random)
            for (int i = pending.size() - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                T t = pending.get(i);
                pending.set(i, pending.get(j));
                pending.set(j, t);
            }
        }
        return pending.remove(pending.size() - 1);
    }
}
