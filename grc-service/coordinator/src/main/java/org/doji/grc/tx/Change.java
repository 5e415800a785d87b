package org.doji.grc.tx;

/** What a coordinated change does to its subject. */
public enum Change {
    /** hold new parts (a co-allocation's reservation attempt, a parent's reserve at the GRC as RM) */
    RESERVE,
    /** change the parts (modify in place, hold new ones, give some up) */
    MODIFY,
    /** give every part up */
    CANCEL,
    /** release every part without asking first: a part failed after the commit, the rest must go too */
    RELEASE
}
