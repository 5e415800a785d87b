package org.doji.grc.tx;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.doji.grc.tx.FlakyRm.Fault;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.Test;

/**
 * Releasing a part whose state moved under the release (its cancel's hold expired before the cancel's commit
 * arrived): the release starts again on the same reservation with fresh correlation ids until the reservation is
 * gone, and never forgets which reservation it releases. Every end state is read from the kernels.
 */
@org.junit.jupiter.api.Timeout(60)
class ReleaseRoundsTest {

    private final EngineFixture f = new EngineFixture("a", "b");

    /** Runs the driver's passes, each when due, until the transaction is finished; returns the passes run. */
    private int drive(String id, int max) {
        int passes = 0;
        while (f.log.find(id).isPresent() && passes < max) {
            Instant due = f.log.find(id).get().nextDrive();
            if (due != null && due.isAfter(f.clock.instant())) {
                f.clock.set(due);
            }
            f.driver.driveDue();
            passes++;
        }
        return passes;
    }

    private void onePass(String id) {
        f.clock.set(f.log.find(id).orElseThrow().nextDrive());
        f.driver.driveDue();
    }

    private void holdsExpire() {
        f.clock.advance(EngineFixture.HOLD.plusSeconds(1));
        f.tickRms();
    }

    /**
     * A decided commit whose holds expired: a's part is held again and committed (its answer lost), b's cannot be
     * had again, so every part is released. a's release holds a cancel whose commit is lost until the cancel's hold
     * expires across a's restart, which leaves a's committed reservation under a timed-out cancel (ReserveTimeout).
     * A restarted GRC's commit of that cancel is refused there; the release must go on with that reservation, not
     * prepare a new one (the leak the chaos test found: the release's next round booked a new part at a and
     * released that one, leaving the committed part behind).
     */
    @Test
    void aReleaseWhoseCancelHoldExpiredReleasesTheSameReservationAgain() {
        TimeWindow w = EngineFixture.window(1);
        f.rms.get("a").fail("commit", Fault.LOST, 1).fail("commit", Fault.THROUGH, 1)
                .fail("commit", Fault.ANSWER_LOST, 1).fail("commit", Fault.LOST, 1);
        f.rms.get("b").fail("commit", Fault.LOST, 1);
        f.run(f.reserve("t1", 4, w, "a", "b"), Duration.ZERO); // decided commit, both commits lost
        holdsExpire();
        f.run(f.reserve("rival", 16, w, "b"), Duration.ZERO); // b's capacity is gone meanwhile

        onePass("t1"); // both commits refused: the holds expired
        onePass("t1"); // a held again, its commit acted but unanswered; b cannot be held again: release everything
        assertThat(f.log.find("t1")).hasValueSatisfying(t -> assertThat(t.compensating()).isTrue());
        String held = f.committed("a").get(0).key();
        onePass("t1"); // a's cancel is held, its commit lost
        assertThat(f.live("a")).singleElement().satisfies(v -> {
            assertThat(v.key()).isEqualTo(held);
            assertThat(v.reservationState()).as("the cancel is held").isEqualTo(ReservationState.ReserveHeld);
        });
        f.restartRm("a"); // a is killed before the cancel's commit arrives, and started again
        holdsExpire(); // the cancel's hold runs out meanwhile
        assertThat(f.live("a")).singleElement().satisfies(v -> {
            assertThat(v.key()).isEqualTo(held);
            assertThat(v.reservationState()).isEqualTo(ReservationState.ReserveTimeout);
        });

        f.restartGrc(); // the GRC too: its driver takes the release up from its stored record
        drive("t1", 20);

        assertThat(f.log.unfinished()).isEmpty();
        assertThat(f.finished).contains("t1 COMMITTED compensated");
        assertThat(f.live("a")).as("a keeps nothing for a change that was released").isEmpty();
        assertThat(f.rms.get("a").reached("reserve")).as("the release never holds anything new")
                .containsExactly("reserve t1:a:reserve", "reserve t1:a:reserve:r1");
    }
}
