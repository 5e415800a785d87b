package org.doji.grc.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.doji.grc.planner.engine.Deadline;
import org.doji.grc.planner.engine.EngineRegistry;
import org.doji.grc.planner.engine.FastEngine;
import org.doji.grc.planner.model.CandidatePlan;
import org.doji.grc.planner.model.Optimality;
import org.doji.grc.planner.model.PlannerSettings;
import org.doji.grc.planner.model.PlanningResult;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;
import org.junit.jupiter.api.Test;

/**
 * The planning time limit on virtual time: a {@link StepClock} advances 1 ms per
 * deadline check, so "cut after 200 ms" means "cut after 200 checks" on any machine.
 */
class PlanTimeoutTest {
    private static final Duration MS = Duration.ofMillis(1);

    @Test
    void aSearchCutAfterItsFirstPlanReturnsThatPlanMarkedNotProven() {
        Instance in = HardFamilies.generate("sparse", 35);
        SlotProblem p = in.compile();
        SlotSolution s = new FastEngine().solve(p, Deadline.after(new StepClock(MS), Duration.ofMillis(50_000)));

        assertThat(s.feasible()).isTrue();
        assertThat(s.optimality()).isEqualTo(Optimality.INCUMBENT);
        CandidatePlan plan = PlanDecoder.decode(in.graph(), in.slot(), p, s);
        assertThat(PlanVerifier.violations(in, plan)).isEmpty();
        assertThat(plan.optimality()).isEqualTo(Optimality.INCUMBENT);
    }

    @Test
    void aSearchCutBeforeAnyPlanIsInfeasibleByTimeoutNotProvenInfeasible() {
        SlotProblem p = HardFamilies.generate("dense", 2).compile();
        SlotSolution s = new FastEngine().solve(p, Deadline.after(new StepClock(MS), Duration.ofMillis(3)));

        assertThat(s.feasible()).isFalse();
        assertThat(s.optimality()).isEqualTo(Optimality.INCUMBENT);
        assertThat(s.reason()).contains("planning time limit").contains("PT0.003S");
    }

    @Test
    void aSearchThatFinishesInTimeIsProven() {
        Instance in = CorpusGenerator.generate(3);
        SlotProblem p = in.compile();
        SlotSolution limited = new FastEngine().solve(p, Deadline.after(new StepClock(MS), Duration.ofHours(1)));
        SlotSolution unlimited = new FastEngine().solve(p);

        assertThat(limited.optimality()).isEqualTo(Optimality.PROVEN);
        assertThat(limited).usingRecursiveComparison().isEqualTo(unlimited);
    }

    @Test
    void thePlannerReportsCutSlotsAsResultsNotExceptions() {
        Instance hard = HardFamilies.generate("dense", 2);
        PlannerSettings settings = PlannerSettings.defaults().withPlanTimeout(Duration.ofMillis(3));
        Planner planner = new Planner(EngineRegistry.withDefaults(), settings, Runnable::run, new StepClock(MS));

        PlanningResult r = planner.plan(hard.graph(), hard.request(), List.of(hard.slot()));

        assertThat(r.ranked()).isEmpty();
        assertThat(r.infeasible()).singleElement().satisfies(i -> {
            assertThat(i.timedOut()).isTrue();
            assertThat(i.reason()).contains("planning time limit");
        });
    }

    @Test
    void thePlannerMarksAnIncumbentPlanAndAProvenOne() {
        Instance hard = HardFamilies.generate("sparse", 35);
        Instance easy = CorpusGenerator.generate(3);
        PlannerSettings settings = PlannerSettings.defaults().withPlanTimeout(Duration.ofMillis(50_000));

        PlanningResult cut = new Planner(EngineRegistry.withDefaults(), settings, Runnable::run, new StepClock(MS))
                .plan(hard.graph(), hard.request(), List.of(hard.slot()));
        PlanningResult full = new Planner(EngineRegistry.withDefaults(), settings, Runnable::run, new StepClock(MS))
                .plan(easy.graph(), easy.request(), List.of(easy.slot()));

        assertThat(cut.ranked()).singleElement().extracting(CandidatePlan::optimality).isEqualTo(Optimality.INCUMBENT);
        assertThat(full.ranked()).singleElement().extracting(CandidatePlan::optimality).isEqualTo(Optimality.PROVEN);
    }

    @Test
    void theLimitMustBePositive() {
        assertThatThrownBy(() -> PlannerSettings.defaults().withPlanTimeout(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("planTimeout");
        assertThat(PlannerSettings.defaults().planTimeout()).isEqualTo(Duration.ofSeconds(2));
    }
}
