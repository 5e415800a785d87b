package org.doji.dst;

/**
 * A simulated process dies here: thrown where its code runs, it unwinds the process's stack. From the moment it
 * is thrown the process is fenced (its database refuses every statement, its messages go nowhere), so nothing it
 * does while unwinding reaches the world; the scheduler then ends its incarnation.
 */
final class SimulatedCrash extends Error {

    private static final long serialVersionUID = 1L;

    final String node;

    SimulatedCrash(String node) {
        super(node + " crashed", null, false, false);
        this.node = node;
    }
}
