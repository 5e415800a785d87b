package org.doji.grc.tx;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.doji.grc.model.RmOutcome;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.Test;

/**
 * A late copy of an aborted change's prepare (its coordinator had no answer in time and aborted first) holds a
 * change at the RM that nobody will decide: it is held, or it timed out there unacknowledged. The next change of
 * that reservation must still go through: the engine aborts the stale change and prepares again.
 */
@org.junit.jupiter.api.Timeout(60)
class StaleChangeTest {

    private final EngineFixture f = new EngineFixture("a");

    private String committedAtA(TimeWindow w) {
        assertThat(f.run(f.reserve("t1", 4, w, "a"), Duration.ofSeconds(2)).committed()).isTrue();
        return f.committed("a").get(0).key();
    }

    private InlineRun.Ran cancelOf(String id, String key) {
        Transaction t = Transaction.begin(id, SubjectType.CO_ALLOCATION, "co-1", Change.CANCEL, 1,
                List.of(Participant.cancelling(new RmOutcome("a", "test:a", key, null, null, null, null, null))), null,
                f.clock.instant().plus(Duration.ofMinutes(1)), f.clock.instant());
        return f.run(t, Duration.ofSeconds(2));
    }

    @Test
    void aCancelGoesThroughAStaleCancelThatTimedOutUnacknowledged() {
        String key = committedAtA(EngineFixture.window(1));
        f.kernels.get("a").cancel(EngineFixture.GRC, key, "t0:a:cancel"); // the late copy of an aborted cancel's prepare
        f.clock.advance(EngineFixture.HOLD.plusSeconds(1));
        f.tickRms();
        assertThat(f.kernels.get("a").get(EngineFixture.GRC, key).reservationState()).isEqualTo(ReservationState.ReserveTimeout);

        InlineRun.Ran ran = cancelOf("t2", key);

        assertThat(ran.committed()).as(ran.reason()).isTrue();
        assertThat(f.live("a")).as("the cancel released the part").isEmpty();
    }

    @Test
    void aCancelGoesThroughAStaleModifyStillHeld() {
        TimeWindow w = EngineFixture.window(2);
        String key = committedAtA(w);
        f.kernels.get("a").modify(EngineFixture.GRC, key, "t0:a:modify", f.cores("a", 8, w)); // a late, stale prepare
        ReservationView held = f.kernels.get("a").get(EngineFixture.GRC, key);
        assertThat(held.reservationState()).isEqualTo(ReservationState.ReserveHeld);

        InlineRun.Ran ran = cancelOf("t3", key);

        assertThat(ran.committed()).as(ran.reason()).isTrue();
        assertThat(f.live("a")).isEmpty();
    }
}
