package org.doji.grc.tx;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * The claims of several replicas on one shared table, in memory (what {@code JpaClaims} keeps in the database):
 * a claim is valid while its replica's lease, renewed by {@link #renew}, lasts.
 */
final class LeasedClaimTable {

    private final Map<String, String> holders = new HashMap<>();
    private final Map<String, Instant> leases = new HashMap<>();
    private final Clock clock;
    private final Duration lease;

    LeasedClaimTable(Clock clock, Duration lease) {
        this.clock = clock;
        this.lease = lease;
    }

    /** The claims of {@code replica}, whose lease starts now. */
    Claims replica(String replica) {
        renew(replica);
        return new Claims() {
            @Override
            public boolean tryClaim(String key) {
                synchronized (LeasedClaimTable.this) {
                    String holder = holders.get(key);
                    if (holder == null || holder.equals(replica) || !live(holder)) {
                        holders.put(key, replica);
                        return true;
                    }
                    return false;
                }
            }

            @Override
            public void release(String key) {
                synchronized (LeasedClaimTable.this) {
                    holders.remove(key, replica);
                }
            }
        };
    }

    synchronized void renew(String replica) {
        leases.put(replica, clock.instant().plus(lease));
    }

    private boolean live(String replica) {
        Instant until = leases.get(replica);
        return until != null && until.isAfter(clock.instant());
    }
}
