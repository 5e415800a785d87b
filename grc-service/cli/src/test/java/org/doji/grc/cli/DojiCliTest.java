package org.doji.grc.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.xml.ws.WebServiceException;
import java.net.ConnectException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.doji.contract.UnknownResourceFault;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.UnknownResourceFaultType;
import org.junit.jupiter.api.Test;

/** The CLI in-process: reserve with its progress, exit codes, JSON, help, credentials, the launcher. */
class DojiCliTest extends CliHarness {

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
        org.doji.rm.soap.BaseFaults.fill(info, java.time.Instant.now(), "UNKNOWN_SITE",
                "site a is pinned to NOPE, which no registered RM manages");
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
}
