package org.doji.grc.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.doji.grc.tx.FlakyRm.Fault;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.junit.jupiter.api.Test;

/**
 * The engine against real RM kernels behind a scripted network ({@link FlakyRm}), in virtual time: the decision
 * rules, phase two pushed without limit, lost answers learnt by replay, expired holds prepared again, and
 * compensation when a part cannot be had again. Every end state is read from the kernels themselves.
 */
@org.junit.jupiter.api.Timeout(60)
class TransactionEngineTest {

    private final EngineFixture f = new EngineFixture("a", "b", "c");

    private void driveUntilFinished(int maxRounds) {
        for (int i = 0; i < maxRounds && !f.log.unfinished().isEmpty(); i++) {
            f.clock.advance(Duration.ofSeconds(31));
            f.tickRms();
            f.driver.driveDue();
        }
        assertThat(f.log.unfinished()).as("transactions left").isEmpty();
    }

    @Test
    void everyParticipantPreparedIsCommittedEverywhereAndTheTransactionFinishes() {
        InlineRun.Ran ran = f.run(f.reserve("t1", 4, EngineFixture.window(1), "a", "b", "c"), Duration.ofSeconds(2));
        assertThat(ran.committed()).isTrue();
        assertThat(ran.left()).isEmpty();
        assertThat(f.finished).containsExactly("t1 COMMITTED");
        for (String rm : List.of("a", "b", "c")) {
            assertThat(f.committed(rm)).as(rm).hasSize(1);
            assertThat(f.rms.get(rm).reached("commit")).containsExactly("commit t1:" + rm + ":commit");
        }
    }

    @Test
    void aRefusalAbortsOnlyThePreparedParticipantsAndNothingStaysHeld() {
        TimeWindow w = EngineFixture.window(2);
        f.run(f.reserve("rival", 16, w, "c"), Duration.ofSeconds(2)); // c is full in that window
        InlineRun.Ran ran = f.run(f.reserve("t2", 4, w, "a", "b", "c"), Duration.ofSeconds(2));
        assertThat(ran.committed()).isFalse();
        assertThat(ran.reason()).contains("c refused (");
        assertThat(f.live("a")).isEmpty();
        assertThat(f.live("b")).isEmpty();
        assertThat(f.rms.get("a").reached("abort")).containsExactly("abort t2:a:abort");
        assertThat(f.rms.get("c").reached("abort")).as("c held nothing: no abort").isEmpty();
        assertThat(f.finished).containsExactly("rival COMMITTED", "t2 ABORTED");
    }

    @Test
    void aCommitThatIsNeverAnsweredIsRetriedWithCappedBackOffUntilTheRmAcknowledges() {
        EngineFixture f = new EngineFixture(Duration.ofHours(1), "a", "b"); // 40 lost commits fit in the hold
        f.rms.get("b").fail("commit", Fault.LOST, 40);
        InlineRun.Ran ran = f.run(f.reserve("t3", 4, EngineFixture.window(3), "a", "b"), Duration.ofSeconds(2));
        assertThat(ran.committed()).isTrue();
        assertThat(ran.left()).as("the driver completes it").isPresent();
        int rounds = 0;
        while (!f.log.unfinished().isEmpty() && rounds < 100) {
            Transaction t = f.log.unfinished().get(0);
            assertThat(Duration.between(f.clock.instant(), t.nextDrive())).isLessThanOrEqualTo(Duration.ofSeconds(30));
            f.clock.set(t.nextDrive());
            f.driver.driveDue();
            rounds++;
        }
        assertThat(rounds).as("no retry limit: 40 lost commits, a few of them in the owner's thread").isBetween(30, 40);
        assertThat(f.committed("b")).hasSize(1);
        assertThat(f.rms.get("b").reached("commit")).as("the same commit each time, not a new round")
                .containsExactly("commit t3:b:commit");
        assertThat(f.finished).containsExactly("t3 COMMITTED");
    }

    @Test
    void aPrepareWhoseAnswerWasLostIsLearntByReplayAndAborted() {
        TimeWindow w = EngineFixture.window(4);
        f.run(f.reserve("rival", 16, w, "c"), Duration.ofSeconds(2));
        f.rms.get("b").fail("reserve", Fault.ANSWER_LOST, 1);
        InlineRun.Ran ran = f.run(f.reserve("t4", 4, w, "a", "b", "c"), Duration.ofSeconds(2));
        assertThat(ran.committed()).isFalse();
        assertThat(f.live("b")).as("the hold whose answer was lost is aborted, not left to time out").isEmpty();
        assertThat(f.rms.get("b").reached("reserve")).containsExactly("reserve t4:b:reserve", "reserve t4:b:reserve");
        assertThat(f.rms.get("b").reached("abort")).containsExactly("abort t4:b:abort");
    }

    @Test
    void aHoldThatExpiredBeforeTheCommitArrivedIsPreparedAgainAndCommitted() {
        f.rms.get("b").fail("commit", Fault.LOST, 5);
        InlineRun.Ran ran = f.run(f.reserve("t5", 4, EngineFixture.window(5), "a", "b"), Duration.ZERO);
        assertThat(ran.left()).isPresent();
        f.clock.advance(EngineFixture.HOLD.plusSeconds(1));
        f.tickRms(); // b's hold times out
        assertThat(f.live("b")).isEmpty();
        driveUntilFinished(20);
        assertThat(f.finished).containsExactly("t5 COMMITTED");
        assertThat(f.committed("a")).hasSize(1);
        List<ReservationView> atB = f.committed("b");
        assertThat(atB).hasSize(1);
        assertThat(f.rms.get("b").reached()).contains("reserve t5:b:reserve:r1", "commit t5:b:commit:r1");
    }

    @Test
    void aPartThatCannotBeHeldAgainMakesEveryPartReleasedNeverAHalfBooking() {
        TimeWindow w = EngineFixture.window(6);
        f.rms.get("b").fail("commit", Fault.LOST, 5);
        f.run(f.reserve("t6", 4, w, "a", "b"), Duration.ZERO);
        f.clock.advance(EngineFixture.HOLD.plusSeconds(1));
        f.tickRms();
        f.run(f.reserve("rival", 16, w, "b"), Duration.ofSeconds(2)); // b's capacity is gone meanwhile
        driveUntilFinished(20);
        assertThat(f.finished).contains("t6 COMMITTED compensated");
        assertThat(f.live("a")).as("a's committed part was released").isEmpty();
        assertThat(f.committed("b")).as("only the rival's").hasSize(1);
    }

    @Test
    void aCommitIsNotDecidedWhenAHoldEndsTooSoonForPhaseTwo() {
        Transaction t = f.engine.begin(f.reserve("t7", 4, EngineFixture.window(7), "a"), () -> { });
        Transaction prepared = f.engine.prepare(t);
        assertThat(f.engine.whyNotCommit(prepared)).isEmpty();
        f.clock.advance(EngineFixture.HOLD.minus(Duration.ofSeconds(29))); // a quarter of 2 min, at most 10 s: 10 s left
        assertThat(f.engine.whyNotCommit(prepared)).isEmpty();
        f.clock.advance(Duration.ofSeconds(20));
        assertThat(f.engine.whyNotCommit(prepared)).hasValueSatisfying(why -> assertThat(why).contains("too soon"));
    }

    @Test
    void afterARestartAnUndecidedTransactionIsAbortedAndADecidedOneCompleted() {
        Transaction undecided = f.engine.prepare(f.engine.begin(f.reserve("t8", 4, EngineFixture.window(8), "a", "b"), () -> { }));
        Transaction stored = f.engine.remember(undecided);
        Transaction decided = f.engine.decide(f.engine.prepare(f.engine.begin(f.reserve("t9", 4, EngineFixture.window(9), "a"),
                () -> { })), Decision.COMMITTED, null, () -> { });
        assertThat(f.live("a")).hasSize(2);
        f.driver.recover(f.driver.undecidedAtStart());
        assertThat(f.abortedWithoutOwner).containsExactly(stored.id());
        assertThat(f.heldWhenToldOfAbort).as("the subject plans again only after the aborts went out").isEmpty();
        assertThat(f.finished).containsExactlyInAnyOrder("t8 ABORTED", "t9 COMMITTED");
        assertThat(f.live("b")).isEmpty();
        assertThat(f.committed("a")).extracting(v -> v.spec().window()).containsExactly(EngineFixture.window(9));
        assertThat(decided.decision()).isEqualTo(Decision.COMMITTED);
    }

    @Test
    void aStaleCopyCannotBeWrittenOverANewerOne() {
        Transaction t = f.engine.begin(f.reserve("t10", 4, EngineFixture.window(10), "a"), () -> { });
        Transaction prepared = f.engine.prepare(t);
        f.engine.decide(prepared, Decision.ABORTED, "first", () -> { });
        assertThatThrownBy(() -> f.engine.decide(prepared, Decision.COMMITTED, null, () -> { }))
                .isInstanceOf(TransactionLog.ConcurrentChangeException.class);
        assertThat(f.log.find("t10")).map(Transaction::decision).isEqualTo(Optional.of(Decision.ABORTED));
    }
}
