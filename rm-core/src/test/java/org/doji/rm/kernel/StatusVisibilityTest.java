package org.doji.rm.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.doji.rm.api.Caller;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.RmStatus;
import org.doji.rm.model.StatusProperty;
import org.doji.rm.spi.BackendInventory;
import org.junit.jupiter.api.Test;

/** The RM's status document: the resources inside (a network's internal links) are the operator's view only. */
class StatusVisibilityTest {

    private final KernelFixture f = new KernelFixture(new BackendInventory(RmKind.NETWORK, "D", List.of(),
            List.of(new BackendInventory.NetEndpoint("A", false), new BackendInventory.NetEndpoint("B", false)),
            List.of(new BackendInventory.NetLink("sw1:2-sw2:1", "A", "B", 1_000, 0.01, null)), List.of(), List.of()),
            KernelFixture.settings(Duration.ofMinutes(2), Map.of()));

    private static List<String> subjects(RmStatus s) {
        return s.properties().stream().map(StatusProperty::subject).filter(java.util.Objects::nonNull).toList();
    }

    @Test
    void anOperatorSeesEveryInternalLinkACoordinatorOrAUserOnlyTheTotals() {
        RmStatus operator = f.kernel.status(Caller.operator("ops"));
        assertThat(subjects(operator)).contains("sw1:2-sw2:1");
        for (Caller other : List.of(KernelFixture.GRC, Caller.user("alice"))) {
            RmStatus seen = f.kernel.status(other);
            assertThat(subjects(seen)).as(other.name()).isEmpty();
            assertThat(seen.properties()).as(other.name()).contains(StatusProperty.of("runningReservations", 0, null));
        }
    }

    @Test
    void withoutSecurityEveryCallerIsAnonymousAndSeesItAllLikeTheOperatorsPages() {
        assertThat(subjects(f.kernel.status(Caller.ANONYMOUS))).contains("sw1:2-sw2:1");
    }
}
