package org.doji.crm.sge.backend;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.crm.sge.cli.GridEngineModel.Host;
import org.doji.crm.sge.cli.GridEngineModel.QueueInstance;

/**
 * A site's cores per exec host, as Grid Engine is configured to run jobs there (not the processors it detected,
 * {@code num_proc}): the {@code slots} of the host's instances of the site's own queues (the largest, since a
 * reservation queue gives its user the host as one queue would), capped by the exec host's own
 * {@code complex_values slots=N}. Doji's reservation queues are left out (they copy what was read here). A host
 * no queue serves has no queue configuration to follow: its cap, else its processors.
 */
final class ConfiguredSlots {

    private ConfiguredSlots() {
    }

    static Map<String, Integer> perHost(List<Host> hosts, List<QueueInstance> instances, String reservationPrefix) {
        Map<String, Integer> queueSlots = new LinkedHashMap<>();
        for (QueueInstance qi : instances) {
            if (!qi.queue().startsWith(reservationPrefix)) {
                queueSlots.merge(qi.host(), qi.slotsTotal(), Math::max);
            }
        }
        Map<String, Integer> out = new LinkedHashMap<>();
        for (Host h : hosts) {
            Integer fromQueues = queueSlots.get(h.name());
            int slots = fromQueues != null ? fromQueues : h.slotCap() > 0 ? h.slotCap() : h.processors();
            if (h.slotCap() > 0) {
                slots = Math.min(slots, h.slotCap());
            }
            out.put(h.name(), slots);
        }
        return out;
    }
}
