package org.doji.it.chaos;

import java.time.Duration;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.doji.it.faults.FaultProxy;
import org.doji.it.faults.FaultProxy.Action;

/**
 * Seeded random faults for one proxy: each request is, with the given probability, dropped before the service
 * sees it, executed with its answer dropped, executed with the connection reset halfway through the answer,
 * delayed (and so reordered behind later ones), duplicated, or refused (503). The sequence of decisions is the seed's; which request meets which decision depends on timing.
 */
final class RandomFaults implements Function<String, FaultProxy.Rule> {

    private static final Action[] ACTIONS = {Action.DROP, Action.DROP_RESPONSE, Action.RESET, Action.DELAY,
            Action.DUPLICATE, Action.REFUSE};
    private static final int[] WEIGHTS = {20, 20, 15, 15, 20, 10};

    private final Random random;
    private final double probability;
    private final Duration maxDelay;
    private volatile boolean on = true;
    private final Map<String, AtomicInteger> injected = new ConcurrentHashMap<>();

    RandomFaults(long seed, double probability, Duration maxDelay) {
        this.random = new Random(seed);
        this.probability = probability;
        this.maxDelay = maxDelay;
    }

    void off() {
        on = false;
    }

    @Override
    public FaultProxy.Rule apply(String operation) {
        if (!on) {
            return null;
        }
        Action action;
        long delayMs;
        synchronized (random) {
            if (random.nextDouble() >= probability) {
                return null;
            }
            int pick = random.nextInt(100);
            int i = 0;
            while (pick >= WEIGHTS[i]) {
                pick -= WEIGHTS[i++];
            }
            action = ACTIONS[i];
            delayMs = 100 + random.nextInt((int) Math.max(1, maxDelay.toMillis() - 100));
        }
        injected.computeIfAbsent(operation + " " + action, k -> new AtomicInteger()).incrementAndGet();
        return FaultProxy.once(action, Duration.ofMillis(delayMs));
    }

    /** Faults injected so far, by operation and action. */
    Map<String, Integer> injected() {
        Map<String, Integer> out = new TreeMap<>();
        injected.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }

    int total() {
        return injected.values().stream().mapToInt(AtomicInteger::get).sum();
    }
}
