package org.doji.rm.soap.security;

import java.time.Instant;

/** Where a service remembers the UsernameTokens it accepted: an identifier is accepted once until its expiry. */
public interface SeenNonces {

    /** Records {@code id} until {@code expiry} unless it is there already (and not expired), or there is no room. */
    NonceCache.Outcome addIfAbsent(String id, Instant expiry);
}
