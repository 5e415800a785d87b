package org.doji.rm.util;

import java.security.SecureRandom;
import java.util.SplittableRandom;

/**
 * Where new keys and ids get their randomness: a service's secure generator, or a seeded one, so that a
 * deterministic simulation replays the same keys from the same seed (keys decide orders, e.g. of a cursor).
 */
@FunctionalInterface
public interface Entropy {

    long nextLong();

    /** {@code digits} (1 to 16) random hex digits. */
    default String hex(int digits) {
        if (digits < 1 || digits > 16) {
            throw new IllegalArgumentException("1 to 16 hex digits, not " + digits);
        }
        String all = String.format("%016x", nextLong());
        return all.substring(16 - digits);
    }

    /** The platform's secure generator (thread-safe). */
    static Entropy secure() {
        SecureRandom random = new SecureRandom();
        return random::nextLong;
    }

    /** A generator that gives the same values from the same seed (one thread only). */
    static Entropy seeded(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        return random::nextLong;
    }
}
