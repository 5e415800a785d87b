package org.doji.grc.tx;

import java.time.Instant;
import org.doji.grc.model.RmOutcome;
import org.doji.rm.model.ReservationSpec;

/**
 * One RM's part in a coordinated change.
 *
 * @param key          the RM's reservation: the existing one for MODIFY and CANCEL, the new one for RESERVE once
 *                     prepared (null before)
 * @param round        0 for the first prepare; raised each time the RM's hold expired before the commit reached it
 *                     and the same part is prepared again (every call of a round has its own correlation id)
 * @param done         phase two acknowledged (or nothing is left to release there)
 * @param holdDeadline when the RM's hold of this round ends, on the GRC's clock (sent + the RM's hold timeout)
 * @param outcome      the RM's last answer or refusal, as the co-allocation shows it
 */
public record Participant(String rmId, Step step, ReservationSpec spec, String key, int round, PhaseOne phaseOne,
                          boolean done, Instant holdDeadline, RmOutcome outcome) {

    /** A participant not asked yet. */
    public static Participant of(String rmId, Step step, ReservationSpec spec, String existingKey, RmOutcome outcome) {
        return new Participant(rmId, step, spec, existingKey, 0, PhaseOne.PENDING, false, null, outcome);
    }

    /** A cancel of the reservation {@code held} names at its RM. */
    public static Participant cancelling(RmOutcome held) {
        return of(held.rmId(), Step.CANCEL, null, held.reservationKey(), held);
    }

    /** A cancel of every part of {@code outcomes} that holds a reservation (the others have nothing to release). */
    public static java.util.List<Participant> cancellingHeld(java.util.List<RmOutcome> outcomes) {
        return outcomes.stream().filter(o -> o.reservationKey() != null).map(Participant::cancelling).toList();
    }

    public Participant prepared(String newKey, Instant deadline, RmOutcome answer) {
        return new Participant(rmId, step, spec, newKey, round, PhaseOne.PREPARED, done, deadline, answer);
    }

    public Participant refused(RmOutcome answer, boolean definite) {
        return new Participant(rmId, step, spec, key, round, definite ? PhaseOne.REFUSED : PhaseOne.PENDING, done,
                holdDeadline, answer);
    }

    public Participant acknowledged(RmOutcome answer) {
        return new Participant(rmId, step, spec, key, round, phaseOne, true, holdDeadline, answer);
    }

    public Participant withOutcome(RmOutcome answer) {
        return new Participant(rmId, step, spec, key, round, phaseOne, done, holdDeadline, answer);
    }

    /** Not done any more: phase two has something new to do here (the change turned into a compensation). */
    public Participant reopened() {
        return new Participant(rmId, step, spec, key, round, phaseOne, false, holdDeadline, outcome);
    }

    /** The next round: the part is prepared again (its hold expired before the commit arrived). */
    public Participant nextRound() {
        return new Participant(rmId, step, spec, key, round + 1, PhaseOne.PENDING, false, null, outcome);
    }

    /**
     * The next round of a release: the same reservation, its phase one as it was, fresh correlation ids. The
     * reservation's state moved under the release (its cancel's hold expired before the cancel's commit), so the
     * steps of the last round, repeated under their ids, would only get their recorded answers back.
     */
    public Participant nextReleaseRound() {
        return new Participant(rmId, step, spec, key, round + 1, phaseOne, false, holdDeadline, outcome);
    }

    /** The correlation id of {@code operation} in this round: the same on every retry, so retries are idempotent. */
    public String correlation(String transactionId, String operation) {
        return transactionId + ":" + rmId + ":" + operation + (round == 0 ? "" : ":r" + round);
    }
}
