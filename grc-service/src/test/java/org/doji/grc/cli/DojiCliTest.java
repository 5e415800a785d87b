package org.doji.grc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.xml.ws.WebServiceException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ConnectException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.doji.contract.UnknownResourceFault;
import org.doji.contract.grc.PlanResult;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.CoAllocationSummary;
import org.doji.contract.types.UnknownResourceFaultType;
import org.doji.grc.DojiLauncher;
import org.doji.rm.soap.ResourceReferences;
import org.doji.rm.testing.MutableClock;
import org.junit.jupiter.api.Test;

/** The CLI in-process against a fake GRC port answering with recorded documents. */
class DojiCliTest {

    private final FakeGrc grc = new FakeGrc();
    private final MutableClock clock = new MutableClock(Instant.parse("2026-11-22T04:39:00Z"));
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final Map<String, String> env = new HashMap<>(Map.of("DOJI_GRC", FakeGrc.URL));
    private final List<Duration> pauses = new ArrayList<>();
    private final List<Credentials> credentialsUsed = new ArrayList<>();

    private boolean interactive;

    private int run(String... args) {
        CliContext ctx = new CliContext(new PrintWriter(out, true), new PrintWriter(err, true), env, clock,
                d -> {
                    pauses.add(d);
                    clock.advance(d);
                }, (timeout, credentials) -> {
                    credentialsUsed.add(credentials);
                    return grc.ports();
                }, interactive);
        return DojiCli.run(ctx, args);
    }

    private static String[] reserveArgs(String... extra) {
        List<String> a = new ArrayList<>(List.of("reserve", "--sites", "3", "--cores", "4", "--mesh", "1000",
                "--est", "+1h", "--lst", "+4h", "--duration", "2h"));
        a.addAll(List.of(extra));
        return a.toArray(String[]::new);
    }

    @Test
    void reservePrintsEachStateChangeOnceThenThePlan() {
        grc.documents.addAll(List.of(FakeGrc.inState(CoAllocationState.PLANNING), FakeGrc.inState(CoAllocationState.PLANNING),
                FakeGrc.inState(CoAllocationState.RESERVING), Fixtures.reserved()));
        int code = run(reserveArgs("--poll-interval", "200ms"));
        assertThat(code).isZero();
        assertThat(grc.created.getSite()).hasSize(3);
        assertThat(grc.created.getLink()).hasSize(3);
        assertThat(grc.created.getTime().getFlexible().getEarliestStart()).isEqualTo(Instant.parse("2026-11-22T05:39:00Z"));
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).isEqualTo("co-allocation co-test1 accepted: " + FakeGrc.URL + "?res=co-test1");
        assertThat(lines.stream().filter(l -> l.startsWith("[")).map(l -> l.substring(10, 19).trim()))
                .containsExactly("Planning", "Reserving", "Reserved");
        assertThat(lines.get(1)).isEqualTo("[   0.0s] Planning  asking the RMs and solving");
        assertThat(lines.get(2)).startsWith("[   0.4s] Reserving");
        assertThat(pauses).hasSize(3).allMatch(d -> d.equals(Duration.ofMillis(200)));
        // the plan of the recorded document: sites with their RM, nodes and queue, then the paths
        assertThat(out.toString()).contains("co-allocation co-9ce121ad0a53418eab4b  Reserved  (owner anonymous)")
                .contains("window: 2026-11-22T05:39:26Z .. 2026-11-22T07:39:26Z   cost: 29.000")
                .contains("    s1    EAST2      crm-east2  4      EAST2-n2  doji_r-3999b1e1adb0431ebaa7")
                .contains("    s1-s3  X1-WEST2     nrm-west  1000");
        // the co-allocation was polled at its EPR: address with ?res= and the key
        assertThat(grc.calls).contains("port " + FakeGrc.URL + "?res=co-test1 co-test1");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void onATerminalTheCurrentStatesLineIsUpdatedInPlace() {
        interactive = true;
        grc.documents.addAll(List.of(FakeGrc.inState(CoAllocationState.PLANNING), FakeGrc.inState(CoAllocationState.PLANNING),
                FakeGrc.inState(CoAllocationState.RESERVING), Fixtures.reserved()));
        assertThat(run(reserveArgs("--poll-interval", "1s"))).isZero();
        String text = out.toString();
        // Planning written, then rewritten with the new elapsed time, kept when Reserving starts
        assertThat(text).contains("\r[   0.0s] Planning  asking the RMs and solving\u001b[K"
                + "\r[   1.0s] Planning  asking the RMs and solving\u001b[K\n"
                + "\r[   2.0s] Reserving");
        assertThat(text).contains("\n[   3.0s] Reserved  all RMs committed\n");
    }

    @Test
    void aFailedCoAllocationExitsOneWithItsReasons() {
        grc.documents.add(Fixtures.failed());
        assertThat(run(reserveArgs())).isEqualTo(1);
        assertThat(out.toString()).contains("[   0.0s] Failed")
                .contains("co-allocation co-3fbbe389eb434e34afa1 Failed: no feasible plan: slot 0 "
                        + "(2026-11-22T05:40:17Z): no site can host requested site big (64 cores)");
    }

    @Test
    void givingUpWaitingExitsFive() {
        grc.documents.add(FakeGrc.inState(CoAllocationState.PLANNING));
        assertThat(run(reserveArgs("--poll-interval", "1s", "--wait-timeout", "3s"))).isEqualTo(5);
        assertThat(err.toString()).contains("co-allocation co-test1 is still Planning after PT3S; "
                + "follow it with 'doji status co-test1'");
        assertThat(pauses).hasSize(3);
    }

    @Test
    void noWaitReturnsAfterTheGrcAccepted() {
        assertThat(run(reserveArgs("--no-wait", "--correlation-id", "job-42"))).isZero();
        assertThat(grc.calls).contains("create job-42").doesNotContain("document");
    }

    @Test
    void jsonOutputIsOneDocumentOnStdoutWithProgressOnStderr() throws Exception {
        grc.documents.addAll(List.of(FakeGrc.inState(CoAllocationState.RESERVING), Fixtures.reserved()));
        assertThat(run("-o", "json", "reserve", "--site", "a:4", "--start", "+1h", "--duration", "1h")).isZero();
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.get("state").asText()).isEqualTo("Reserved");
        assertThat(doc.get("plan").get("cost").asDouble()).isEqualTo(29.0);
        assertThat(doc.get("plan").get("sites")).hasSize(3);
        assertThat(doc.get("plan").get("sites").get(0).get("nodes").get(0).asText()).isEqualTo("EAST2-n2");
        assertThat(doc.get("rms").get(0).get("reservation").asText())
                .isEqualTo("http://localhost:18482/services/rm?res=r-3999b1e1adb0431ebaa7");
        assertThat(err.toString()).contains("accepted").contains("Reserving").contains("Reserved");
    }

    @Test
    void badArgumentsExitTwoWithoutAnyCall() {
        assertThat(run("reserve", "--sites", "2", "--cores", "4", "--start", "+2h", "--end", "+1h")).isEqualTo(2);
        assertThat(err.toString()).contains("doji: --end 2026-11-22T05:39:00Z is not after --start 2026-11-22T06:39:00Z");
        assertThat(run("reserve", "--policy", "FASTEST")).isEqualTo(2);
        assertThat(err.toString()).contains("Invalid value for option '--policy'").contains("EARLIEST, CHEAPEST, QUALITY")
                .contains("Try 'doji reserve --help' for usage.");
        assertThat(run("status")).isEqualTo(2);
        assertThat(run("status", "not a key")).isEqualTo(2);
        assertThat(run("--grc", "ftp://x", "list")).isEqualTo(2);
        assertThat(err.toString()).contains("--grc: 'ftp://x' is not an http(s) URL");
        assertThat(grc.calls).noneMatch(c -> !c.startsWith("port"));
    }

    @Test
    void anUnreachableGrcExitsThree() {
        grc.transportFailure = new WebServiceException("Could not send Message.", new ConnectException("Connection refused"));
        assertThat(run("list")).isEqualTo(3);
        assertThat(err.toString()).contains("doji: cannot reach the GRC at " + FakeGrc.URL + ": connection refused");
    }

    @Test
    void aGrcFaultExitsFourWithItsCodeAndMessage() throws Exception {
        UnknownResourceFaultType info = new UnknownResourceFaultType();
        info.setErrorCode("UNKNOWN_SITE");
        info.setDescription("site a is pinned to NOPE, which no registered RM manages");
        grc.fault = new UnknownResourceFault("site a is pinned to NOPE", info);
        assertThat(run("-o", "json", "reserve", "--site", "a:1:at=NOPE", "--start", "+1h", "--duration", "1h")).isEqualTo(4);
        JsonNode error = new ObjectMapper().readTree(out.toString()).get("error");
        assertThat(error.get("exitCode").asInt()).isEqualTo(4);
        assertThat(error.get("faultKind").asText()).isEqualTo("UnknownResourceFault");
        assertThat(error.get("errorCode").asText()).isEqualTo("UNKNOWN_SITE");
        assertThat(err.toString()).contains("doji: the GRC refused: UnknownResourceFault UNKNOWN_SITE: site a is pinned "
                + "to NOPE, which no registered RM manages");
    }

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
        assertThat(out.toString()).contains("Reserving").contains("Reserved");
    }

    @Test
    void credentialsComeFromTheEnvironmentUnlessGiven() {
        env.put("DOJI_USER", "alice");
        env.put("DOJI_PASSWORD", "secret");
        run("list");
        run("--user", "bob", "--password", "pw", "list");
        assertThat(credentialsUsed).containsExactly(new Credentials("alice", "secret"), new Credentials("bob", "pw"));
        if (!Credentials.supported()) {
            assertThat(err.toString()).contains("cannot send WS-Security tokens");
        }
    }

    @Test
    void rmsPrintsTheRegistryWithHealthAndCheckFailsWhenAnRmIsDown() throws Exception {
        grc.rms = Fixtures.rms();
        assertThat(run("rms")).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).matches("RM +KIND +DOMAIN +SITES +HEALTH +LATENCY +CHECKED +ADDRESS +LAST ERROR");
        assertThat(lines).hasSize(1 + grc.rms.getResourceManager().size());
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
        assertThat(run("reserve", "--expr", "(EAST1:4 | WEST1:4) & Lic:5", "--start", "+1h", "--duration", "1h"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("countable resources are not supported by the GRC port yet: Lic:5")
                .contains("EAST1, EAST2, WEST1, WEST2");
        assertThat(grc.calls).contains("listResourceManagers").noneMatch(c -> c.startsWith("create"));

        grc.documents.add(Fixtures.reserved());
        assertThat(run("reserve", "--expr", "(EAST1:4 | WEST1:4) & WEST2:8", "--mesh", "500", "--start", "+1h",
                "--duration", "1h")).isZero();
        assertThat(grc.created.getSite()).extracting(x -> x.getId() + x.getCandidate())
                .containsExactly("s1[EAST1, WEST1]", "s2[WEST2]");
        assertThat(grc.created.getLink()).singleElement().satisfies(l -> assertThat(l.getBandwidthMbps()).isEqualTo(500));
    }

    @Test
    void withoutTheSiteListEveryExpressionNameIsASiteAndUnknownOnesAreExplained() throws Exception {
        grc.rmsFault = new org.doji.contract.InternalErrorFault("no such operation", new org.doji.contract.types.InternalErrorFaultType());
        UnknownResourceFaultType info = new UnknownResourceFaultType();
        info.setErrorCode("UNKNOWN_SITE");
        info.setDescription("site s2 is pinned to Lic, which no registered RM manages");
        grc.fault = new UnknownResourceFault("unknown", info);
        assertThat(run("reserve", "--expr", "EAST1:4 & Lic:5", "--start", "+1h", "--duration", "1h")).isEqualTo(4);
        assertThat(grc.created).isNull();
        assertThat(err.toString()).contains("UNKNOWN_SITE: site s2 is pinned to Lic")
                .contains("countable resources are not supported by the GRC port yet");

        // an RM the GRC has not described yet (no kind) may have any site: the list is not taken as complete
        grc.rmsFault = null;
        grc.fault = null;
        grc.rms = Fixtures.rms();
        grc.rms.getResourceManager().get(1).setKind(null);
        grc.rms.getResourceManager().get(1).getSite().clear();
        grc.documents.add(Fixtures.reserved());
        assertThat(run("reserve", "--expr", "EAST1:4 & EAST2:4", "--start", "+1h", "--duration", "1h")).isZero();
        assertThat(grc.created.getSite()).extracting(x -> x.getId() + x.getCandidate())
                .containsExactly("s1[EAST1]", "s2[EAST2]");
    }

    @Test
    void helpListsTheCommandsAndTheExitCodes() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("reserve", "plan", "status", "list", "modify", "cancel")
                .contains("Exit codes:", " 2   bad arguments", " 3   the GRC could not be reached", " 4   the GRC answered with a fault");
        out.getBuffer().setLength(0);
        assertThat(run("reserve", "--help")).isZero();
        assertThat(out.toString()).contains("--expr=EXPR", "--no-wait", "Exit codes:");
        out.getBuffer().setLength(0);
        assertThat(run("--version")).isZero();
        assertThat(out.toString()).startsWith("doji ");
    }

    @Test
    void theLauncherHandsClientCommandLinesToTheCli() {
        assertThat(DojiCli.isCliInvocation(new String[] {"reserve", "--sites", "1"})).isTrue();
        assertThat(DojiCli.isCliInvocation(new String[] {"--grc=http://h/services/grc", "list"})).isTrue();
        assertThat(DojiCli.isCliInvocation(new String[] {"--version"})).isTrue();
        assertThat(DojiCli.isCliInvocation(new String[] {"demo"})).isFalse();
        assertThat(DojiCli.isCliInvocation(new String[] {"--server.port=9090"})).isFalse();
        assertThat(DojiCli.isCliInvocation(new String[0])).isFalse();
        assertThat(DojiLauncher.class).isNotNull();
    }
}
