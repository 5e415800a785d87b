package org.doji.grc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.List;
import org.doji.contract.UnknownResourceFault;
import org.doji.contract.grc.PlanResult;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.CoAllocationSummary;
import org.doji.contract.types.UnknownResourceFaultType;
import org.doji.rm.soap.ResourceReferences;
import org.junit.jupiter.api.Test;

/** plan, status, list, cancel, modify, rms and expressions against recorded GRC answers. */
class CliCommandsTest extends CliHarness {

    @Test
    void planPrintsOneAlignedRowPerRankedPlan() {
        grc.planResult = Fixtures.plans();
        assertThat(run("plan", "--site", "a:8", "--site", "b:4", "--link", "a-b:1000", "--est", "+1h", "--lst", "+3h",
                "--duration", "1h", "--max-plans", "3")).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).matches("RANK +START +END +COST +SITES +PATHS");
        assertThat(lines.get(1)).isEqualTo("1     2026-11-22T06:00:00Z  2026-11-22T07:00:00Z  17.000  "
                + "a->WEST2/crm-west2 b->WEST1/crm-west1  a-b:WEST2-WEST1/nrm-west@1000");
        assertThat(lines.subList(1, 4)).extracting(l -> l.substring(0, 1)).containsExactly("1", "2", "3");
        // columns line up
        assertThat(lines.subList(1, 4)).extracting(l -> l.indexOf("2026")).containsOnly(lines.get(0).indexOf("START"));
        assertThat(grc.calls).contains("plan 3");
    }

    @Test
    void planWithNoFeasiblePlanExitsOne() {
        grc.planResult = new PlanResult();
        assertThat(run("plan", "--site", "a:800", "--start", "+1h", "--duration", "1h")).isEqualTo(1);
        assertThat(out.toString()).startsWith("no feasible plan");
    }

    @Test
    void statusAddressesTheCoAllocationByKeyOrByEprAddress() {
        grc.documents.add(Fixtures.reserved());
        assertThat(run("status", "co-9ce121ad0a53418eab4b")).isZero();
        assertThat(run("status", "http://other:9/services/grc?res=co-9ce121ad0a53418eab4b")).isZero();
        assertThat(grc.calls).contains("port " + FakeGrc.URL + "?res=co-9ce121ad0a53418eab4b co-9ce121ad0a53418eab4b",
                "port http://other:9/services/grc?res=co-9ce121ad0a53418eab4b co-9ce121ad0a53418eab4b");
        assertThat(out.toString()).contains("Reserved").contains("crm-west2  r-fb0d19a454dc48cf980c  ReserveStart  Created");
    }

    @Test
    void listPassesFiltersAndPrintsATable() throws Exception {
        CoAllocationSummary s = new CoAllocationSummary();
        s.setKey("co-9ce121ad0a53418eab4b");
        s.setState(CoAllocationState.RESERVED);
        s.setWindow(Fixtures.reserved().getPlan().getWindow());
        s.setCost(29.0);
        s.setCreated(Instant.parse("2026-11-22T04:39:32.530602Z"));
        s.setReference(ResourceReferences.reference(FakeGrc.URL, s.getKey()));
        grc.listResult.getCoAllocation().add(s);
        assertThat(run("list", "--state", "reserved,active", "--from", "now", "--to", "+1d")).isZero();
        assertThat(grc.listedStates).containsExactly(CoAllocationState.RESERVED, CoAllocationState.ACTIVE);
        assertThat(grc.listedFrom).isEqualTo(clock.instant());
        assertThat(out.toString().lines().toList()).containsExactly(
                "KEY                      STATE     START                 END                   COST    CREATED",
                "co-9ce121ad0a53418eab4b  Reserved  2026-11-22T05:39:26Z  2026-11-22T07:39:26Z  29.000  2026-11-22T04:39:32.530602Z");
        out.getBuffer().setLength(0);
        assertThat(run("list", "-o", "json")).isZero();
        JsonNode list = new ObjectMapper().readTree(out.toString());
        assertThat(list).hasSize(1);
        assertThat(list.get(0).get("address").asText()).isEqualTo(FakeGrc.URL + "?res=co-9ce121ad0a53418eab4b");
    }

    @Test
    void cancelPrintsTheCancelledDocument() {
        assertThat(run("cancel", "co-9ce121ad0a53418eab4b", "--correlation-id", "c-1")).isZero();
        assertThat(grc.calls).contains("cancel c-1");
        assertThat(out.toString()).contains("co-allocation co-9ce121ad0a53418eab4b  Cancelled");
    }

    @Test
    void modifySendsTheCurrentRequestWithTheGivenPartsReplacedAndFollowsIt() {
        grc.documents.addAll(List.of(Fixtures.reserved(), Fixtures.reserved()));
        assertThat(run("modify", "co-9ce121ad0a53418eab4b", "--start", "+2h", "--duration", "3h", "--poll-interval", "1s"))
                .isZero();
        assertThat(grc.modified.getSite()).extracting(x -> x.getId()).containsExactly("s1", "s2", "s3");
        assertThat(grc.modified.getLink()).hasSize(3);
        assertThat(grc.modified.getTime().getFixed().getStart()).isEqualTo(Instant.parse("2026-11-22T06:39:00Z"));
        assertThat(grc.modified.getTime().getFixed().getEnd()).isEqualTo(Instant.parse("2026-11-22T09:39:00Z"));
        assertThat(out.toString()).contains("Reserving").contains("Reserved")
                .contains("co-allocation co-9ce121ad0a53418eab4b modified: window ");
    }

    @Test
    void aModifyWithNoFeasiblePlanFailsWithExitCode1AndSaysTheCoAllocationIsUnchanged() {
        grc.documents.add(Fixtures.reserved());
        org.doji.contract.types.UnavailableFaultType info = new org.doji.contract.types.UnavailableFaultType();
        org.doji.rm.soap.BaseFaults.fill(info, java.time.Instant.now(), "MODIFY_REFUSED",
                "the co-allocation is unchanged; no feasible plan for the modified request: slot 0: no site");
        grc.fault = new org.doji.contract.ResourceUnavailableFault("refused", info);
        assertThat(run("modify", "co-9ce121ad0a53418eab4b", "--start", "+2h", "--duration", "3h")).isEqualTo(1);
        assertThat(err.toString()).contains("modification failed, the co-allocation is unchanged")
                .contains("MODIFY_REFUSED: the co-allocation is unchanged; no feasible plan");
        assertThat(out.toString()).doesNotContain("modified:");
    }

    @Test
    void rmsShowsTheAdministratorsPoliciesWhenTheGrcAnswersThem() throws Exception {
        grc.rms = Fixtures.rms(); // recorded from a GRC before the policies were answered: no line for them
        assertThat(run("rms")).isZero();
        assertThat(out.toString()).doesNotContain("Policies:");
        var policies = new org.doji.contract.grc.AdministratorPolicies();
        policies.setLoadSpreadWeight(0.5);
        for (var e : java.util.Map.of("EAST1", 0.8, "nrm-east:EAST1--X", 2.0).entrySet()) {
            var f = new org.doji.contract.grc.PreferenceFactor();
            f.setResource(e.getKey());
            f.setFactor(e.getValue());
            policies.getPreference().add(f);
        }
        policies.getPreference().sort(java.util.Comparator.comparing(org.doji.contract.grc.PreferenceFactor::getResource));
        grc.rms.setPolicies(policies);
        out.getBuffer().setLength(0);
        assertThat(run("rms")).isZero();
        assertThat(out.toString().lines().toList()).last()
                .isEqualTo("Policies: load spread weight 0.5; preferences EAST1=0.8, nrm-east:EAST1--X=2");
        policies.getPreference().clear();
        policies.setLoadSpreadWeight(0);
        out.getBuffer().setLength(0);
        assertThat(run("rms")).isZero();
        assertThat(out.toString().lines().toList()).last()
                .isEqualTo("Policies: load spread weight 0; preferences none (every factor 1)");
    }

    @Test
    void rmsPrintsTheRegistryWithHealthAndCheckFailsWhenAnRmIsDown() throws Exception {
        grc.rms = Fixtures.rms();
        assertThat(run("rms")).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).matches("RM +KIND +DOMAIN +SITES +HEALTH +LATENCY +CHECKED +ADDRESS +LAST ERROR");
        assertThat(lines).hasSize(1 + grc.rms.getResourceManager().size());
        // a stable order whatever order the GRC answers in: compute RMs, then network RMs, each by id
        List<String> ids = lines.stream().skip(1).map(l -> l.split(" +")[0]).toList();
        java.util.Collections.reverse(grc.rms.getResourceManager());
        out.getBuffer().setLength(0);
        assertThat(run("rms")).isZero();
        assertThat(out.toString().lines().skip(1).map(l -> l.split(" +")[0]).toList()).isEqualTo(ids);
        assertThat(ids).isEqualTo(ids.stream().sorted(java.util.Comparator.comparing((String id) -> !id.startsWith("crm"))
                .thenComparing(id -> id)).toList());
        java.util.Collections.reverse(grc.rms.getResourceManager());
        lines = out.toString().lines().toList();
        assertThat(lines).anyMatch(l -> l.matches("crm-east1 +COMPUTE +EAST +EAST1 +up +[0-9.]+ms .*"))
                .anyMatch(l -> l.matches("nrm-east +NETWORK +EAST +up .*"));
        assertThat(run("rms", "--check")).isZero();
        grc.rms.getResourceManager().get(0).setReachable(false);
        grc.rms.getResourceManager().get(0).setLastError("connection refused");
        out.getBuffer().setLength(0);
        assertThat(run("rms", "--check")).isEqualTo(1);
        assertThat(out.toString()).contains("DOWN").contains("connection refused");
        out.getBuffer().setLength(0);
        assertThat(run("rms", "-o", "json")).isEqualTo(0);
        JsonNode rms = new ObjectMapper().readTree(out.toString());
        assertThat(rms.get(0).get("reachable").asBoolean()).isFalse();
        assertThat(rms.get(0).get("sites").get(0).asText()).isEqualTo("EAST1");
    }

    @Test
    void expressionsTellSitesFromCountablesWithTheGrcsSiteList() {
        grc.rms = Fixtures.rms();
        grc.documents.add(Fixtures.reserved());
        assertThat(run("reserve", "--expr", "(EAST1:4 | WEST1:6) & Lic:5", "--start", "+1h", "--duration", "1h"))
                .isZero();
        assertThat(grc.calls).contains("listResourceManagers");
        assertThat(grc.created.getSite()).extracting(x -> x.getId() + candidates(x))
                .containsExactly("s1[EAST1, WEST1:6]");
        assertThat(grc.created.getCountable()).extracting(c -> c.getName() + ":" + c.getAmount()).containsExactly("Lic:5");

        grc.documents.add(Fixtures.reserved());
        assertThat(run("reserve", "--expr", "(EAST1:4 | WEST1:4) & WEST2:8", "--mesh", "500", "--start", "+1h",
                "--duration", "1h")).isZero();
        assertThat(grc.created.getSite()).extracting(x -> x.getId() + candidates(x))
                .containsExactly("s1[EAST1, WEST1]", "s2[WEST2]");
        assertThat(grc.created.getLink()).singleElement().satisfies(l -> assertThat(l.getBandwidthMbps()).isEqualTo(500));
    }

    @Test
    void withoutTheSiteListEveryExpressionNameIsASiteAndUnknownOnesAreExplained() throws Exception {
        grc.rmsFault = new org.doji.contract.InternalErrorFault("no such operation", new org.doji.contract.types.InternalErrorFaultType());
        UnknownResourceFaultType info = new UnknownResourceFaultType();
        org.doji.rm.soap.BaseFaults.fill(info, java.time.Instant.now(), "UNKNOWN_SITE",
                "site s2 is pinned to Lic, which no registered RM manages");
        grc.fault = new UnknownResourceFault("unknown", info);
        assertThat(run("reserve", "--expr", "EAST1:4 & Lic:5", "--start", "+1h", "--duration", "1h")).isEqualTo(4);
        assertThat(grc.created).isNull();
        assertThat(err.toString()).contains("UNKNOWN_SITE: site s2 is pinned to Lic")
                .contains("every name in --expr was taken as a site");

        // an RM the GRC has not described yet (no kind) may have any site: the list is not taken as complete
        grc.rmsFault = null;
        grc.fault = null;
        grc.rms = Fixtures.rms();
        grc.rms.getResourceManager().get(1).setKind(null);
        grc.rms.getResourceManager().get(1).getSite().clear();
        grc.documents.add(Fixtures.reserved());
        assertThat(run("reserve", "--expr", "EAST1:4 & EAST2:4", "--start", "+1h", "--duration", "1h")).isZero();
        assertThat(grc.created.getSite()).extracting(x -> x.getId() + candidates(x))
                .containsExactly("s1[EAST1]", "s2[EAST2]");
    }

    private static java.util.List<String> candidates(org.doji.contract.types.SiteRequest s) {
        return s.getCandidate().stream().map(c -> c.getCores() == null ? c.getValue() : c.getValue() + ":" + c.getCores())
                .toList();
    }
}
