package org.doji.rm.spi;

import java.util.Set;

/** Live facts a backend reports; nodes listed as down are offered to no new reservation. */
public record LiveState(boolean reachable, Set<String> downNodes, String message) {

    public static final LiveState HEALTHY = new LiveState(true, Set.of(), "ok");

    public LiveState {
        downNodes = Set.copyOf(downNodes);
    }
}
