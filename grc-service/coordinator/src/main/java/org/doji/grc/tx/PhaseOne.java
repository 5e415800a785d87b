package org.doji.grc.tx;

/**
 * Where a participant's phase one stands. PENDING is written before the prepare is sent and stays when no
 * definite answer came back (the RM may or may not hold something: the same prepare is replayed to learn it).
 */
public enum PhaseOne {
    PENDING,
    PREPARED,
    REFUSED
}
