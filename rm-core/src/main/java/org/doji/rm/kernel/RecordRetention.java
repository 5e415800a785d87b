package org.doji.rm.kernel;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.doji.rm.util.Cadence;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the RM forgets, by its injected clock (virtual time in tests and simulations): finished records whose
 * WS-ResourceLifetime termination time has passed (at every tick), and, at most hourly, finished reservations
 * unchanged for longer than {@code doji.rm.retention} and answers older than {@code doji.rm.answer-retention}.
 * Only finished reservations are deleted, and those are no longer in the kernel's memory. The kernel calls it
 * under its write lock; a failure is logged and the next tick tries again.
 */
final class RecordRetention {

    private static final Logger log = LoggerFactory.getLogger(RecordRetention.class);
    private final ReservationStore store;
    private final RmSettings settings;
    /** The sweep of finished reservations and old answers runs at most hourly (each is a table scan). */
    private final Cadence sweep = new Cadence(Duration.ofHours(1));
    /**
     * False while no record has a termination time: the tick then skips the garbage query (one query per tick
     * per RM was a few % of a busy RM's CPU, for records that almost never exist).
     */
    private boolean terminationsPending = true;

    RecordRetention(ReservationStore store, RmSettings settings) {
        this.store = store;
        this.settings = settings;
    }

    /** A record was given a termination time: the next tick looks for records past theirs. */
    void terminationTimeSet() {
        terminationsPending = true;
    }

    void collect(Instant now) {
        try {
            if (terminationsPending) {
                List<String> gone = store.collectGarbage(now);
                if (!gone.isEmpty()) {
                    log.info("termination time passed: forgot {} finished reservations", gone.size());
                }
                terminationsPending = store.anyTerminationTime();
            }
            sweep.runIfDue(now, () -> {
                int finished = store.forgetFinishedBefore(now.minus(settings.retention()));
                int answers = store.forgetAnswersBefore(now.minus(settings.answerRetention()));
                if (finished > 0 || answers > 0) {
                    log.info("forgot {} reservations finished for longer than {} and {} answers older than {}", finished,
                            settings.retention(), answers, settings.answerRetention());
                }
            });
        } catch (RuntimeException e) {
            log.error("forgetting finished reservations failed; retrying at the next tick", e);
        }
    }
}
