package org.doji.it.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.grc.demo.GridTopology;
import org.doji.it.faults.FaultProxy.Action;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationState;
import org.doji.rm.persistence.ReservationRecord;
import org.doji.rm.persistence.ReservationRepository;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The GRC really dies: it runs in a JVM of its own against real RMs (this JVM, SOAP through fault proxies,
 * durable H2) and is stopped dead at three points of two-phase commit, then started again on the same H2
 * file. One GRC's restart is the next scenario's GRC, so the scenarios run in order:
 * <ol>
 * <li>halt after every prepare is answered, before the decision (its own crash point) → presumed abort at
 *     every RM, the request is planned again and reserved;</li>
 * <li>halt after the commit decision is durable, before any commit → the commit is re-driven;</li>
 * <li>{@code kill -9} after one RM acknowledged its commit while the other two commits are held in the
 *     proxies → the remaining commits are re-driven (the acknowledged one is answered from the RM's store).</li>
 * </ol>
 * After each restart, at every RM: all or nothing, nothing held, no capacity exceeded.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class GrcProcessCrashIT {

    private static final Duration OUTCOME = Duration.ofSeconds(120);

    private static Path dir;
    private static RmFleet fleet;
    private static GrcProcess grc;
    private static int starts;
    private static String afterPrepare;
    private static String afterDecision;
    private static List<String> heldAtDecision;

    @BeforeAll
    static void start() throws Exception {
        dir = GrcProcess.itDirectory("GrcProcessCrashIT");
        fleet = RmFleet.start(GridTopology.builder()
                        .crm("crm-k1", "K1", "K", 2, 4, 1.0, Map.of())
                        .crm("crm-k2", "K2", "K", 2, 4, 2.0, Map.of())
                        .nrm("nrm-k", "K", List.of("K1", "K2"), List.of(), 1000, 0.01, 0, 0)
                        .build(), dir, Map.of("doji.rm.tick-interval", "PT0.5S"), true);
    }

    @AfterAll
    static void stop() {
        if (grc != null) {
            grc.close();
        }
        if (fleet != null) {
            fleet.close();
        }
    }

    /** Starts the next GRC process on the same database, with the given extra arguments. */
    private static GrcClient startGrc(String... extra) throws Exception {
        List<String> args = new ArrayList<>(fleet.grcRegistryArgs());
        args.addAll(List.of("--doji.grc.slots=1", "--doji.grc.phase-two-retry=PT0.1S", "--doji.grc.rm-timeout=PT10S"));
        args.addAll(List.of(extra));
        grc = GrcProcess.start(dir.resolve("grc"), dir.resolve("grc-" + (++starts) + ".log"), args);
        return new GrcClient(grc.url());
    }

    private static CoAllocationRequest request(int day) {
        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(day, ChronoUnit.DAYS);
        return GrcClient.request(Map.of("a", 4, "b", 4), Map.of(), 100, GrcClient.fixed(start, Duration.ofHours(1)));
    }

    private static List<ReservationRecord> recordsOf(String coAllocation) {
        List<ReservationRecord> out = new ArrayList<>();
        for (String rm : fleet.ids()) {
            fleet.context(rm).getBean(ReservationRepository.class).findAll().stream()
                    .filter(r -> coAllocation.equals(r.getGlobalId())).forEach(out::add);
        }
        return out;
    }

    private static void assertEveryRmConsistent(GrcClient client, String... keys) {
        for (String key : keys) {
            Invariants.assertAllOrNothing(fleet, client.awaitOutcome(key, OUTCOME));
        }
        Invariants.awaitNothingHeld(fleet, Duration.ofSeconds(30));
        Invariants.assertNoCapacityExceeded(fleet);
    }

    @Test
    @Order(1)
    void haltBetweenPrepareAndDecisionIsPresumedAbortedThenPlannedAgain() throws Exception {
        GrcClient client = startGrc("--doji.grc.fault.halt-at=after-prepare");
        assertThat(grc.text()).contains("FAULT INJECTION IS ON");
        afterPrepare = client.create(UUID.randomUUID().toString(), request(50));
        assertThat(grc.awaitDeath(OUTCOME)).isEqualTo(137);
        assertThat(grc.text()).contains("doji-fault: HALT after-prepare co-allocation=" + afterPrepare + " attempt=1");
        assertThat(recordsOf(afterPrepare)).hasSize(3)
                .allSatisfy(r -> assertThat(r.getReservationState()).isEqualTo(ReservationState.ReserveHeld));

        // the next GRC recovers it (attempt 1 aborted everywhere, attempt 2 reserved); it will halt after a decision
        client = startGrc("--doji.grc.fault.halt-at=after-decision");
        CoAllocationDocument doc = client.awaitOutcome(afterPrepare, OUTCOME);
        assertThat(doc.getState()).isEqualTo(CoAllocationState.RESERVED);
        assertEveryRmConsistent(client, afterPrepare);
        assertThat(recordsOf(afterPrepare)).hasSize(6).filteredOn(r -> r.getLifecycleState() == LifecycleState.Terminated)
                .as("attempt 1, aborted by the coordinator (not by the hold timeout)").hasSize(3)
                .allSatisfy(r -> assertThat(r.getReservationState()).isNotEqualTo(ReservationState.ReserveTimeout));
    }

    @Test
    @Order(2)
    void haltAfterTheDurableCommitDecisionIsReDrivenToCommit() throws Exception {
        GrcClient client = new GrcClient(grc.url());
        afterDecision = client.create(UUID.randomUUID().toString(), request(51));
        assertThat(grc.awaitDeath(OUTCOME)).isEqualTo(137);
        assertThat(grc.text()).contains("doji-fault: HALT after-decision co-allocation=" + afterDecision + " attempt=1");
        heldAtDecision = recordsOf(afterDecision).stream().map(ReservationRecord::getKey).toList();
        assertThat(recordsOf(afterDecision)).hasSize(3)
                .allSatisfy(r -> assertThat(r.getReservationState()).isEqualTo(ReservationState.ReserveHeld));

        client = startGrc();
        CoAllocationDocument doc = client.awaitOutcome(afterDecision, OUTCOME);
        assertThat(doc.getState()).isEqualTo(CoAllocationState.RESERVED);
        assertThat(doc.getRm()).extracting(o -> o.getReservationKey()).containsExactlyInAnyOrderElementsOf(heldAtDecision);
        assertEveryRmConsistent(client, afterPrepare, afterDecision);
    }

    @Test
    @Order(3)
    void killNineAfterSomeButNotAllCommitsIsReDrivenToCommitTheRest() throws Exception {
        GrcClient client = new GrcClient(grc.url());
        fleet.resetProxies();
        fleet.proxy("crm-k2").rule("reserveCommit", Action.HOLD, 1);
        fleet.proxy("nrm-k").rule("reserveCommit", Action.HOLD, 1);
        String key = client.create(UUID.randomUUID().toString(), request(52));
        await("crm-k1 acknowledged its commit, the other two commits are in flight").atMost(OUTCOME)
                .until(() -> fleet.proxy("crm-k1").exchanges("reserveCommit").stream().anyMatch(e -> e.status() == 200)
                        && fleet.proxy("crm-k2").held().size() == 1 && fleet.proxy("nrm-k").held().size() == 1);
        assertThat(grc.kill9()).isEqualTo(137);
        fleet.proxy("crm-k2").releaseHeld(false);
        fleet.proxy("nrm-k").releaseHeld(false);
        // the partial state a crash leaves: one committed, two held
        assertThat(Invariants.committedParts(fleet, key)).containsOnlyKeys("crm-k1");
        assertThat(Invariants.held(fleet)).hasSize(2).allSatisfy(h -> assertThat(h).endsWith("/" + key));

        client = startGrc();
        CoAllocationDocument doc = client.awaitOutcome(key, OUTCOME);
        assertThat(doc.getState()).isEqualTo(CoAllocationState.RESERVED);
        assertThat(Invariants.committedParts(fleet, key)).containsOnlyKeys("crm-k1", "crm-k2", "nrm-k");
        // crm-k1 saw the same commit again and answered it from its store
        assertThat(fleet.proxy("crm-k1").exchanges("reserveCommit")).hasSize(2)
                .allSatisfy(e -> assertThat(e.status()).isEqualTo(200));
        assertEveryRmConsistent(client, afterPrepare, afterDecision, key);
    }
}
