package org.doji.rm.security;

/** What a configured user may do. */
public enum Role {
    /** A coordinator (GRC): may reserve, commit, abort, modify and cancel at an RM. */
    COORDINATOR,
    /** An end user: may query, and act on its own co-allocations at a GRC. */
    USER,
    /** An operator. */
    ADMIN
}
