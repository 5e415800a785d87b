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
}
