package org.doji.nrm.openflow.monitor;

import java.time.Instant;

/** Measured use of one link over the last polling interval (both directions together). */
public record LinkUsage(String linkId, long capacityMbps, double usedMbps, double availableMbps, Instant at) {
}
