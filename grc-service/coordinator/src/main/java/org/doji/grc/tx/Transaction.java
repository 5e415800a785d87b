package org.doji.grc.tx;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.doji.rm.state.ReservationStateMachine.Decision;

/**
 * The durable record of one coordinated change across RMs: written before phase one, again with the decision
 * before phase two, and removed (together with the subject's final change) once every participant has
 * acknowledged. Immutable: each step returns a new copy.
 *
 * @param attempt      the subject's attempt number (a co-allocation tries several ranked plans)
 * @param compensating the change was decided but a participant could not complete it: every part is released
 * @param payload      what the subject needs when the change completes (e.g. a modification's new request and plan)
 * @param decideBy     an undecided change is aborted after this (the coordinator is gone, or the hold ran out)
 * @param nextDrive    when the driver next pushes phase two (null: not due; the owner is working on it)
 * @param tries        phase-two passes so far that left some participant unacknowledged (for the back-off)
 */
public record Transaction(String id, SubjectType subjectType, String subject, Change change, int attempt,
                          Decision decision, boolean compensating, List<Participant> participants, String payload,
                          Instant decideBy, Instant nextDrive, int tries, String reason, Instant created, long version) {

    public Transaction {
        participants = List.copyOf(participants);
    }

    public static Transaction begin(String id, SubjectType type, String subject, Change change, int attempt,
                                    List<Participant> participants, String payload, Instant decideBy, Instant now) {
        return new Transaction(id, type, subject, change, attempt, Decision.NONE, false, participants, payload, decideBy,
                null, 0, null, now, 0);
    }

    /**
     * A release of every part {@code outcomes} holds, without asking first (a part failed after the commit): decided
     * and compensating from the start, due for the driver at once, stored by {@code TransactionEngine.begin}.
     */
    public static Transaction release(String id, SubjectType type, String subject, int attempt,
                                      List<org.doji.grc.model.RmOutcome> outcomes, String payload, String why, Instant now) {
        return begin(id, type, subject, Change.RELEASE, attempt, Participant.cancellingHeld(outcomes), payload, null, now)
                .decided(Decision.COMMITTED, why).compensate(why).scheduled(now, 0);
    }

    public boolean decided() {
        return decision != Decision.NONE;
    }

    public boolean allDone() {
        return participants.stream().allMatch(Participant::done);
    }

    public boolean allPrepared() {
        return participants.stream().allMatch(p -> p.phaseOne() == PhaseOne.PREPARED);
    }

    /** The earliest hold deadline of the participants (null when none is held). */
    public Instant holdDeadline() {
        return participants.stream().map(Participant::holdDeadline).filter(java.util.Objects::nonNull)
                .min(Instant::compareTo).orElse(null);
    }

    public Transaction withParticipants(List<Participant> ps) {
        return new Transaction(id, subjectType, subject, change, attempt, decision, compensating, ps, payload, decideBy,
                nextDrive, tries, reason, created, version);
    }

    public Transaction mapParticipants(UnaryOperator<Participant> f) {
        List<Participant> out = new ArrayList<>();
        participants.forEach(p -> out.add(f.apply(p)));
        return withParticipants(out);
    }

    public Transaction decided(Decision d, String why) {
        return new Transaction(id, subjectType, subject, change, attempt, d, compensating, participants, payload, decideBy,
                nextDrive, tries, why, created, version);
    }

    public Transaction compensate(String why) {
        return new Transaction(id, subjectType, subject, change, attempt, decision, true, participants, payload, decideBy,
                nextDrive, tries, why, created, version);
    }

    public Transaction scheduled(Instant next, int passes) {
        return new Transaction(id, subjectType, subject, change, attempt, decision, compensating, participants, payload,
                decideBy, next, passes, reason, created, version);
    }

    public Transaction withVersion(long v) {
        return new Transaction(id, subjectType, subject, change, attempt, decision, compensating, participants, payload,
                decideBy, nextDrive, tries, reason, created, v);
    }

    public Transaction withDecideBy(Instant t) {
        return new Transaction(id, subjectType, subject, change, attempt, decision, compensating, participants, payload, t,
                nextDrive, tries, reason, created, version);
    }
}
