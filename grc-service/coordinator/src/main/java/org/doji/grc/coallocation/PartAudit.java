package org.doji.grc.coallocation;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import org.doji.grc.model.CoAllocation;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.RmOutcome;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.tx.Answer;
import org.doji.grc.tx.ParticipantCalls;
import org.doji.rm.model.LifecycleState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The poll that backs up the RMs' notifications of a part they failed after the commit (a network RM whose link
 * went down with no other path). Those notifications are best effort: one sent while this GRC restarts, or lost on
 * the way, would leave a co-allocation Reserved with its other parts held for nothing. Each round asks the RMs
 * about the parts of the next {@code batch} settled co-allocations (Reserved or Active, in key order, wrapping
 * around), so every one is looked at within a bounded number of rounds; a part found Failed goes the way its
 * notification would have ({@link PartLoss}: every part released, the co-allocation Failed). An RM that does not
 * answer is skipped for the rest of the round.
 */
public final class PartAudit {

    private static final Logger log = LoggerFactory.getLogger(PartAudit.class);
    private static final Set<CoAllocationState> SETTLED = EnumSet.of(CoAllocationState.Reserved, CoAllocationState.Active);

    private final CoAllocationStore store;
    private final ParticipantCalls calls;
    private final int batch;
    private final BiConsumer<String, String> partFailed;
    private String cursor = "";

    /**
     * @param partFailed what a failed part's notification does: (co-allocation key, reservation key), e.g.
     *                   {@link CoAllocationService#partFailed}
     */
    public PartAudit(CoAllocationStore store, ParticipantCalls calls, int batch, BiConsumer<String, String> partFailed) {
        if (batch < 1) {
            throw new IllegalArgumentException("batch must be positive, was " + batch);
        }
        this.store = store;
        this.calls = calls;
        this.batch = batch;
        this.partFailed = partFailed;
    }

    /** One round; returns how many co-allocations had a failed part. */
    public synchronized int round() {
        List<String> keys = store.keysInStatesAfter(SETTLED, cursor, batch);
        cursor = keys.size() < batch ? "" : keys.get(keys.size() - 1);
        Set<String> silent = new HashSet<>();
        int found = 0;
        for (String key : keys) {
            Optional<CoAllocation> c = store.find(key);
            if (c.isEmpty() || !SETTLED.contains(c.get().state())) {
                continue; // changed since the list was read
            }
            Optional<RmOutcome> failed = failedPart(c.get().outcomes(), calls, silent);
            if (failed.isPresent()) {
                log.warn("co-allocation {}: its part {} at {} is Failed and no notification of it arrived",
                        key, failed.get().reservationKey(), failed.get().rmId());
                partFailed.accept(key, failed.get().reservationKey());
                found++;
            }
        }
        return found;
    }

    /**
     * The first of {@code parts} its RM answers as Failed, asking each RM in turn; an RM that does not answer is added
     * to {@code silent} and not asked again (the caller keeps the set for a round).
     */
    public static Optional<RmOutcome> failedPart(List<RmOutcome> parts, ParticipantCalls calls, Set<String> silent) {
        for (RmOutcome part : parts) {
            if (part.reservationKey() == null || silent.contains(part.rmId())) {
                continue;
            }
            Answer now = calls.get(part.rmId(), part.reservationKey());
            if (now.transientFailure()) {
                silent.add(part.rmId());
            } else if (now.ok() && now.view().lifecycleState() == LifecycleState.Failed) {
                return Optional.of(part);
            }
        }
        return Optional.empty();
    }
}
