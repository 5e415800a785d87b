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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Phase two of a cancel or a modify that one RM does not acknowledge for longer than the RMs' hold timeout
 * (the RM answered phase one, then refused every connection for a while). Whatever the GRC answers at the
 * time, once the fault is over the GRC and every RM must agree exactly ({@link AllOrNothing}): a cancelled
 * co-allocation holds nothing anywhere; a modified one holds its new plan, at its RMs only.
 */
class PhaseTwoFaultsIT {

    private static final Duration HOLD = Duration.ofSeconds(8);
    private static final Duration OUTAGE = Duration.ofSeconds(12);
    private static final Duration SETTLE = Duration.ofSeconds(120);

    private static RmFleet fleet;
    private static ConfigurableApplicationContext grc;
    private static GrcClient client;
    private final List<String> created = new ArrayList<>();

    /** One network domain with three 8-core sites. */
    static GridTopology grid() {
        return GridTopology.builder()
                .crm("crm-us1", "US1", "US", 2, 4, 1.0, Map.of())
                .crm("crm-us2", "US2", "US", 2, 4, 1.0, Map.of())
                .crm("crm-us3", "US3", "US", 2, 4, 1.0, Map.of())
                .nrm("nrm-us", "US", List.of("US1", "US2", "US3"), List.of(), 10_000, 0.005, 20_000, 0.003)
                .build();
    }

    @BeforeAll
    static void start() throws Exception {
        Path dir = GrcProcess.itDirectory("PhaseTwoFaultsIT");
        fleet = RmFleet.start(grid(), dir, Map.of("doji.rm.hold-timeout", HOLD.toString(),
                "doji.rm.tick-interval", "PT0.5S"), true);
        List<String> args = new ArrayList<>(fleet.grcRegistryArgs());
        args.addAll(List.of("--doji.grc.slots=1", "--doji.grc.rm-timeout=PT3S", "--doji.grc.connect-timeout=PT1S",
                "--doji.grc.phase-two-retry=PT0.1S", "--doji.grc.phase-two-max-backoff=PT1S",
                "--doji.grc.health-interval=PT1S"));
        grc = GrcProcess.inThisJvm(dir.resolve("grc"), args);
        client = new GrcClient(GrcProcess.urlOf(grc));
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

    @AfterEach
    void resetFaults() {
        fleet.resetProxies();
    }

    private static Instant day(int n) {
        return Instant.now().truncatedTo(ChronoUnit.HOURS).plus(n, ChronoUnit.DAYS);
    }

    private static CoAllocationRequest pinned(int day, String siteA, String siteB) {
        return GrcClient.request(Map.of("a", 4, "b", 4), Map.of("a", siteA, "b", siteB), 1000,
                GrcClient.fixed(day(day), Duration.ofHours(2)));
    }

    private CoAllocationDocument reserved(CoAllocationRequest r) {
        String key = client.create(UUID.randomUUID().toString(), r);
        created.add(key);
        CoAllocationDocument doc = client.awaitOutcome(key, SETTLE);
        assertThat(doc.getState()).as(doc.getReason()).isEqualTo(CoAllocationState.RESERVED);
        assertThat(AllOrNothing.violations(doc, AllOrNothing.readAll(fleet))).isEmpty();
        return doc;
    }

    /** Once the outage is over and every hold has had time to expire, the GRC and the RMs agree. */
    private void awaitAgreement(String key, CoAllocationState expected) {
        await("GRC and RMs agree on " + key).atMost(SETTLE).pollInterval(Duration.ofMillis(500)).untilAsserted(() -> {
            CoAllocationDocument doc = client.document(key);
            assertThat(AllOrNothing.violations(doc, AllOrNothing.readAll(fleet))).isEmpty();
            assertThat(doc.getState()).isEqualTo(expected);
        });
        // and they stay in agreement past another hold timeout (nothing was left to expire differently)
        await().pollDelay(HOLD.plusSeconds(1)).atMost(HOLD.plusSeconds(2)).until(() -> true);
        assertThat(AllOrNothing.violations(client.document(key), AllOrNothing.readAll(fleet))).isEmpty();
    }

    private static void refuseCommitsAt(String rm) {
        fleet.proxy(rm).ruleFor("reserveCommit", Action.DROP, OUTAGE);
    }

    @Test
    void aCancelWhoseCommitOneRmMissesForLongerThanItsHoldReleasesEverything() throws Exception {
        CoAllocationDocument doc = reserved(pinned(3, "US1", "US2"));
        refuseCommitsAt("crm-us1");
        client.cancel(doc.getKey(), UUID.randomUUID().toString());
        awaitAgreement(doc.getKey(), CoAllocationState.CANCELLED);
    }

    @Test
    void aModifyToANewWindowWhoseCommitOneRmMissesEndsWithTheNewPlanEverywhere() throws Exception {
        CoAllocationDocument doc = reserved(pinned(5, "US1", "US2"));
        refuseCommitsAt("crm-us1");
        client.modify(doc.getKey(), UUID.randomUUID().toString(), pinned(6, "US1", "US2"));
        awaitAgreement(doc.getKey(), CoAllocationState.RESERVED);
        assertThat(client.document(doc.getKey()).getPlan().getWindow().getStart()).isEqualTo(day(6));
    }

    @Test
    void aModifyMovingASiteWhoseOldRmMissesTheCancelLeavesNoOrphan() throws Exception {
        CoAllocationDocument doc = reserved(pinned(8, "US1", "US2"));
        refuseCommitsAt("crm-us1");
        client.modify(doc.getKey(), UUID.randomUUID().toString(), pinned(8, "US3", "US2"));
        awaitAgreement(doc.getKey(), CoAllocationState.RESERVED);
        assertThat(client.document(doc.getKey()).getRm()).extracting(o -> o.getRmId())
                .containsExactlyInAnyOrder("crm-us3", "crm-us2", "nrm-us");
    }
}
