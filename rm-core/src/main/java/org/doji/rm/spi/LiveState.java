package org.doji.rm.spi;

import java.util.Set;

/**
 * Live facts a backend reports. Nodes listed as down are offered to no new reservation; links listed as down
 * (internal link ids of a network RM) carry no new path, and the kernel moves committed reservations off them.
 */
public record LiveState(boolean reachable, Set<String> downNodes, Set<String> downLinks, String message) {

    public static final LiveState HEALTHY = new LiveState(true, Set.of(), Set.of(), "ok");

    public LiveState {
        downNodes = Set.copyOf(downNodes);
        downLinks = Set.copyOf(downLinks);
    }

    /** A compute backend's state: no links. */
    public LiveState(boolean reachable, Set<String> downNodes, String message) {
        this(reachable, downNodes, Set.of(), message);
    }
}
