package org.doji.grc.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.doji.grc.coallocation.CoordinationListener;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class HaltingListenerTest {

    private final List<Integer> halts = new ArrayList<>();

    @Test
    void haltsOnceAtTheConfiguredPointOfTheConfiguredAttempt() {
        HaltingListener l = new HaltingListener(CrashPoint.AFTER_PREPARE, 1, 137, halts::add);
        l.beforePrepare("co-1", 1);
        l.afterDecision("co-1", 1, Decision.COMMITTED);
        assertThat(halts).isEmpty();
        l.afterPrepare("co-1", 2);
        assertThat(halts).as("a later attempt (recovery's re-plan) passes").isEmpty();
        l.afterPrepare("co-1", 1);
        assertThat(halts).containsExactly(137);
        l.afterPrepare("co-2", 1);
        assertThat(halts).as("fires once").containsExactly(137);
    }

    @Test
    void afterDecisionFiresOnlyForACommitDecision() {
        HaltingListener l = new HaltingListener(CrashPoint.AFTER_DECISION, 2, 99, halts::add);
        l.afterPrepare("co-1", 2);
        l.afterDecision("co-1", 2, Decision.ABORTED);
        assertThat(halts).isEmpty();
        l.afterDecision("co-1", 2, Decision.COMMITTED);
        assertThat(halts).containsExactly(99);
    }

    @Test
    void crashPointsParseTheirPropertySpellingAndRejectOthersByName() {
        assertThat(CrashPoint.parse("after-prepare")).isEqualTo(CrashPoint.AFTER_PREPARE);
        assertThat(CrashPoint.parse(" AFTER_DECISION ")).isEqualTo(CrashPoint.AFTER_DECISION);
        assertThatThrownBy(() -> CrashPoint.parse("after-lunch"))
                .hasMessageContaining("doji.grc.fault.halt-at").hasMessageContaining("after-lunch")
                .hasMessageContaining("after-prepare, after-decision");
        assertThatThrownBy(() -> new FaultProperties(null, 0, 137)).hasMessageContaining("doji.grc.fault.attempt");
    }

    private final ApplicationContextRunner context = new ApplicationContextRunner()
            .withUserConfiguration(FaultInjectionConfiguration.class);

    @Test
    void offByDefaultAndOnlyAListenerWhenConfigured() {
        context.run(ctx -> assertThat(ctx).doesNotHaveBean(CoordinationListener.class));
        context.withPropertyValues("doji.grc.fault.halt-at=after-decision", "doji.grc.fault.attempt=3")
                .run(ctx -> assertThat(ctx).getBean(CoordinationListener.class).isInstanceOf(HaltingListener.class));
        context.withPropertyValues("doji.grc.fault.halt-at=sometime")
                .run(ctx -> assertThat(ctx).hasFailed().getFailure().rootCause()
                        .hasMessageContaining("unknown crash point 'sometime'"));
    }
}
