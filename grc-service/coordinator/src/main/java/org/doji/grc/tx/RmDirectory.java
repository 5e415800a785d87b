package org.doji.grc.tx;

import java.time.Duration;
import org.doji.rm.api.ResourceManager;

/** How the engine reaches the participants: each RM by id, its address and how long it holds a prepared change. */
public interface RmDirectory {

    /** The RM; throws an unknown-resource failure for an id that is not registered. */
    ResourceManager rm(String rmId);

    /** The RM port's address (shown with each outcome), or null. */
    String address(String rmId);

    /** The RM's hold timeout as it describes itself (a conservative default until it has been described). */
    Duration holdTimeout(String rmId);

    /** RMs in this process (the simulation, tests): each at {@code scheme + id}, with the given hold timeouts. */
    static RmDirectory inProcess(java.util.Map<String, ? extends ResourceManager> rms, String scheme,
                                 java.util.function.Function<String, Duration> holdTimeouts) {
        return new RmDirectory() {
            @Override
            public ResourceManager rm(String rmId) {
                ResourceManager rm = rms.get(rmId);
                if (rm == null) {
                    throw org.doji.rm.fault.DojiException.unknown(rmId);
                }
                return rm;
            }

            @Override
            public String address(String rmId) {
                return scheme + rmId;
            }

            @Override
            public Duration holdTimeout(String rmId) {
                return holdTimeouts.apply(rmId);
            }
        };
    }
}
