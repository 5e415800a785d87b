package org.doji.rm.spi;

import java.util.List;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationSpec;

/** What a backend action needs to know about one reservation. */
public record ReservationContext(String key, String owner, List<String> users, ReservationSpec spec,
                                 Allocation allocation, LifecycleState lifecycle) {

    public ReservationContext {
        users = List.copyOf(users);
    }
}
