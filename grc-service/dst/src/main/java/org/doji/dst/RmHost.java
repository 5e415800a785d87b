package org.doji.dst;

import org.doji.rm.api.ResourceManager;

/** A node that serves the RM port type: an RM's kernel, or a GRC's RM port (for a parent GRC). */
interface RmHost {

    /** This incarnation's port. */
    ResourceManager port();

    SimNode node();
}
