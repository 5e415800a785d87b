package org.doji.rm.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.doji.rm.kernel.KernelFixture.CONSUMER;
import static org.doji.rm.kernel.KernelFixture.GRC;
import static org.doji.rm.kernel.KernelFixture.cores;
import static org.doji.rm.kernel.KernelFixture.window;

import org.doji.rm.fault.DojiException;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.Test;

/**
 * A call refused for what it asked is refused again when it is repeated, even once it could act: a late copy of it
 * (delayed in the network, or resent after its refusal was lost) must not hold or change anything after the
 * coordinator took the refusal and went on. Across a restart too: the refusal is stored.
 */
class RefusedCallRepeatTest {

    private final KernelFixture f = KernelFixture.site(2); // two nodes of 8 cores, booked whole
    private final TimeWindow w = window(60, 120);

    @Test
    void aRefusedReserveRepeatedAfterTheCoresFreedUpIsRefusedAgainAndHoldsNothing() {
        ReservationView rival = f.kernel.commit(GRC, f.kernel.reserve(GRC, "rival", cores(16, w), CONSUMER).key(), "c-rival");
        assertThatThrownBy(() -> f.kernel.reserve(GRC, "late-1", cores(8, w), CONSUMER)).isInstanceOf(DojiException.class);
        f.kernel.commit(GRC, f.kernel.cancel(GRC, rival.key(), "cancel-rival").key(), "commit-cancel-rival");
        assertThat(f.freeCores(w)).isEqualTo(16);
        f.restart();

        assertThatThrownBy(() -> f.kernel.reserve(GRC, "late-1", cores(8, w), CONSUMER))
                .isInstanceOf(DojiException.class).hasMessageContaining("not free")
                .satisfies(e -> assertThat(((DojiException) e).errorCode()).isEqualTo("INSUFFICIENT_CORES"));
        assertThat(f.freeCores(w)).as("the late copy holds nothing").isEqualTo(16);
        assertThat(f.kernel.reserve(GRC, "fresh-1", cores(8, w), CONSUMER).key()).as("a new call may").isNotNull();
    }

    @Test
    void aRefusedModifyRepeatedLaterIsRefusedAgainAndTheReservationStaysAsItWas() {
        ReservationView mine = f.kernel.commit(GRC, f.kernel.reserve(GRC, "mine", cores(4, w), CONSUMER).key(), "c-mine");
        ReservationView rival = f.kernel.commit(GRC, f.kernel.reserve(GRC, "rival", cores(8, w), CONSUMER).key(), "c-rival");
        assertThatThrownBy(() -> f.kernel.modify(GRC, mine.key(), "grow", cores(12, w))).isInstanceOf(DojiException.class);
        f.kernel.commit(GRC, f.kernel.cancel(GRC, rival.key(), "cancel-rival").key(), "commit-cancel-rival");

        assertThatThrownBy(() -> f.kernel.modify(GRC, mine.key(), "grow", cores(12, w))).isInstanceOf(DojiException.class);
        ReservationView now = f.kernel.get(GRC, mine.key());
        assertThat(now.pendingChange()).as("nothing held for the late copy").hasToString("None");
        assertThat(now.spec()).isEqualTo(mine.spec());
    }
}
