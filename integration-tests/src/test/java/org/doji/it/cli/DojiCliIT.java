package org.doji.it.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.soap.AddressingFeature;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.doji.contract.GrcPortType;
import org.doji.contract.GrcService;
import org.doji.contract.grc.PlanResult;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.LinkRequest;
import org.doji.contract.types.PlannedSite;
import org.doji.contract.types.SiteRequest;
import org.doji.contract.types.TimeConstraint;
import org.doji.contract.types.TimeWindow;
import org.doji.grc.cli.CliContext;
import org.doji.grc.cli.DojiCli;
import org.doji.grc.cli.GrcPorts;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.doji.it.CoAllocationDocuments;

/**
 * The {@code doji} client end to end: a GRC and four simulated RMs over SOAP on random loopback ports; the
 * CLI runs in-process (its output captured) and once as a real process ({@code java -jar} of the exec jar),
 * and what it prints is checked against what the GRC answers through the generated stubs.
 */
class DojiCliIT {

    private static LocalGrid grid;
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void startGrid() {
        GridTopology topology = GridTopology.builder()
                .crm("crm-a", "SITE_A", "D1", 2, 8, 1.0, Map.of("os", "linux"))
                .crm("crm-b", "SITE_B", "D1", 2, 8, 2.0, Map.of("os", "linux"))
                .crm("crm-c", "SITE_C", "D1", 4, 8, 3.0, Map.of("os", "linux"))
                .nrm("nrm-d1", "D1", List.of("SITE_A", "SITE_B", "SITE_C"), List.of(), 10_000, 0.005, 0, 0)
                .countable("crm-c", "Lic", 3, 0.5) // a licence pool at a compute RM
                .build();
        grid = LocalGrid.start(topology, 0, "mem", Map.of(), Map.of("doji.grc.slots", "4"));
    }

    @AfterAll
    static void stopGrid() {
        if (grid != null) {
            grid.close();
        }
    }

    record Run(int code, String out, String err) {
        List<String> lines() {
            return out.lines().toList();
        }
    }

    /** The CLI in this JVM, against the grid's GRC (DOJI_GRC), with the product's ports and pacing. */
    private static Run cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CliContext ctx = new CliContext(new PrintWriter(out, true), new PrintWriter(err, true),
                Map.of("DOJI_GRC", grid.grcUrl()), Clock.systemUTC(), CliContext.SLEEP, GrcPorts::cxf);
        int code = DojiCli.run(ctx, args);
        return new Run(code, out.toString(), err.toString());
    }

    private static String at(int hoursFromTomorrow) {
        return Instant.now().truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.DAYS).plus(hoursFromTomorrow, ChronoUnit.HOURS)
                .toString();
    }

    private static GrcPortType grc(String address) {
        GrcPortType port = new GrcService().getGrcPort(new AddressingFeature());
        ((BindingProvider) port).getRequestContext().put(BindingProvider.ENDPOINT_ADDRESS_PROPERTY, address);
        return port;
    }

    private static CoAllocationDocument document(String key) throws Exception {
        return CoAllocationDocuments.of(grc(grid.grcUrl() + "?res=" + key));
    }

    /** "co-allocation KEY accepted: ADDRESS" is the first line of reserve. */
    private static String keyOf(Run r) {
        String first = r.lines().get(0);
        assertThat(first).startsWith("co-allocation co-").contains(" accepted: " + grid.grcUrl() + "?res=");
        return first.split(" ")[1];
    }

    @Test
    void reserveFollowsTheCoAllocationToReservedAndPrintsTheGrcsPlan() throws Exception {
        Run r = cli("reserve", "--site", "a:8", "--site", "b:16", "--link", "a-b:1000", "--start", at(0), "--end", at(2),
                "--poll-interval", "100ms");
        assertThat(r.code()).as(r.err()).isZero();
        String key = keyOf(r);
        List<String> progress = r.lines().stream().filter(l -> l.startsWith("[")).toList();
        assertThat(progress).isNotEmpty();
        assertThat(progress.get(progress.size() - 1)).contains("Reserved");
        // each state once, in order; Committing shows when a poll falls between the decision and the last acknowledgement
        assertThat(progress).extracting(l -> l.substring(10).trim().split(" +")[0]).doesNotHaveDuplicates()
                .isSubsetOf("Planning", "Reserving", "Committing", "Reserved");

        CoAllocationDocument doc = document(key);
        assertThat(doc.getState()).isEqualTo(CoAllocationState.RESERVED);
        assertThat(r.out()).contains("co-allocation " + key + "  Reserved");
        for (PlannedSite s : doc.getPlan().getSite()) {
            assertThat(r.lines()).anyMatch(l -> l.matches(" +" + s.getRequestSite() + " +" + s.getSite() + " +" + s.getRmId()
                    + " +" + s.getCores() + " +" + String.join(",", s.getNode()) + " +" + s.getHandle()));
        }
        assertThat(doc.getPlan().getSite()).extracting(PlannedSite::getRequestSite, PlannedSite::getSite)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("a", "SITE_B"),
                        org.assertj.core.groups.Tuple.tuple("b", "SITE_A"));

        // status as JSON, by EPR address: the same plan as the GRC's document
        Run status = cli("status", grid.grcUrl() + "?res=" + key, "-o", "json");
        assertThat(status.code()).isZero();
        JsonNode json = JSON.readTree(status.out());
        assertThat(json.get("key").asText()).isEqualTo(key);
        assertThat(json.get("state").asText()).isEqualTo("Reserved");
        assertThat(json.get("plan").get("cost").asDouble()).isEqualTo(doc.getPlan().getCost());
        List<String> jsonSites = new ArrayList<>();
        json.get("plan").get("sites").forEach(s -> jsonSites.add(s.get("requestSite").asText() + "@" + s.get("site").asText()
                + "/" + s.get("rmId").asText() + "#" + s.get("handle").asText()));
        assertThat(jsonSites).containsExactlyInAnyOrderElementsOf(doc.getPlan().getSite().stream()
                .map(s -> s.getRequestSite() + "@" + s.getSite() + "/" + s.getRmId() + "#" + s.getHandle()).toList());
        assertThat(json.get("rms")).hasSize(doc.getRm().size());

        // list shows it, in text and JSON
        Run list = cli("list", "--state", "Reserved");
        assertThat(list.code()).isZero();
        assertThat(list.lines()).anyMatch(l -> l.startsWith(key + "  Reserved"));
        JsonNode listed = JSON.readTree(cli("list", "-o", "json").out());
        List<String> keys = new ArrayList<>();
        listed.forEach(n -> keys.add(n.get("key").asText()));
        assertThat(keys).contains(key);

        // cancel: the GRC's document says Cancelled
        Run cancel = cli("cancel", key);
        assertThat(cancel.code()).as(cancel.err()).isZero();
        assertThat(cancel.out()).contains("co-allocation " + key + "  Cancelled");
        assertThat(document(key).getState()).isEqualTo(CoAllocationState.CANCELLED);
        assertThat(cli("list", "--state", "cancelled").out()).contains(key);
    }

    @Test
    void planPrintsOneRowPerRankedPlanOfTheGrc() throws Exception {
        Run r = cli("plan", "--site", "a:8", "--site", "b:8", "--link", "a-b:500", "--est", at(6), "--lst", at(9),
                "--duration", "1h", "--max-plans", "3");
        assertThat(r.code()).as(r.err()).isZero();

        CoAllocationRequest same = new CoAllocationRequest();
        for (String id : List.of("a", "b")) {
            SiteRequest s = new SiteRequest();
            s.setId(id);
            s.setCores(8);
            same.getSite().add(s);
        }
        LinkRequest l = new LinkRequest();
        l.setFrom("a");
        l.setTo("b");
        l.setBandwidthMbps(500);
        same.getLink().add(l);
        var flexible = new org.doji.contract.types.FlexibleWindow();
        flexible.setEarliestStart(Instant.parse(at(6)));
        flexible.setLatestStart(Instant.parse(at(9)));
        flexible.setDuration(java.time.Duration.ofHours(1));
        TimeConstraint t = new TimeConstraint();
        t.setFlexible(flexible);
        same.setTime(t);
        PlanResult plans = grc(grid.grcUrl()).plan(same, 3);

        List<String> rows = r.lines().subList(1, r.lines().size()).stream().filter(x -> x.matches("\\d+ .*")).toList();
        assertThat(rows).hasSize(plans.getPlan().size());
        for (int i = 0; i < rows.size(); i++) {
            var p = plans.getPlan().get(i);
            assertThat(rows.get(i)).startsWith(p.getRank() + " ").contains(p.getWindow().getStart().toString())
                    .contains(String.format(java.util.Locale.ROOT, "%.3f", p.getCost()));
        }
        JsonNode json = JSON.readTree(cli("plan", "--site", "a:8", "--site", "b:8", "--link", "a-b:500", "--est", at(6),
                "--lst", at(9), "--duration", "1h", "--max-plans", "3", "-o", "json").out());
        assertThat(json.get("plans")).hasSize(plans.getPlan().size());
    }

    @Test
    void modifyMovesAReservedCoAllocation() throws Exception {
        Run r = cli("reserve", "--sites", "2", "--cores", "4", "--mesh", "100", "--start", at(12), "--duration", "1h",
                "--poll-interval", "100ms");
        assertThat(r.code()).as(r.err()).isZero();
        String key = keyOf(r);
        Run m = cli("modify", key, "--start", at(14), "--duration", "2h");
        assertThat(m.code()).as(m.out() + m.err()).isZero();
        CoAllocationDocument doc = document(key);
        assertThat(doc.getState()).isEqualTo(CoAllocationState.RESERVED);
        assertThat(doc.getPlan().getWindow().getStart()).isEqualTo(Instant.parse(at(14)));
        assertThat(doc.getPlan().getWindow().getEnd()).isEqualTo(Instant.parse(at(16)));
        assertThat(m.out()).contains("window: " + at(14) + " .. " + at(16))
                .contains("co-allocation " + key + " modified: window " + at(14) + " .. " + at(16));

        // no feasible plan for the change: exit 1 (as for a reserve), and the co-allocation is unchanged
        Run impossible = cli("modify", key, "--sites", "2", "--cores", "100000");
        assertThat(impossible.code()).as(impossible.out() + impossible.err()).isEqualTo(1);
        assertThat(impossible.err()).contains("modification failed, the co-allocation is unchanged", "MODIFY_REFUSED");
        assertThat(document(key).getPlan().getWindow().getStart()).isEqualTo(Instant.parse(at(14)));
    }

    @Test
    void rmsListsTheRegistryWithHealth() throws Exception {
        JsonNode rms = JSON.readTree(cli("rms", "-o", "json").out());
        List<String> ids = new ArrayList<>();
        rms.forEach(n -> ids.add(n.get("id").asText()));
        assertThat(ids).containsExactlyInAnyOrderElementsOf(grid.rmIds());
        Run text = cli("rms");
        assertThat(text.code()).isZero();
        assertThat(text.lines()).anyMatch(l -> l.matches("crm-a +COMPUTE +D1 +SITE_A .*"));
        // a stable order: compute RMs, then network RMs, each by id; after the table, the administrator's policies
        List<String> shown = text.lines().stream().skip(1).takeWhile(l -> !l.isBlank()).map(l -> l.split(" +")[0]).toList();
        assertThat(shown).isEqualTo(grid.rmIds().stream().sorted(java.util.Comparator
                .comparing((String id) -> !id.startsWith("crm")).thenComparing(id -> id)).toList());
        assertThat(text.lines()).last().isEqualTo("Policies: load spread weight 0; preferences none (every factor 1)");
    }

    /** Once the GRC has described every RM, its site list tells sites from countables in an expression. */
    private static void awaitEveryRmDescribed() {
        org.awaitility.Awaitility.await().atMost(java.time.Duration.ofSeconds(60)).until(() -> {
            JsonNode rms = JSON.readTree(cli("rms", "-o", "json").out());
            boolean described = rms.size() == grid.rmIds().size();
            for (JsonNode rm : rms) {
                described &= rm.hasNonNull("kind");
            }
            if (!described) {
                cli("plan", "--site", "a:1", "--start", at(3), "--duration", "1h");
            }
            return described;
        });
    }

    /** What the RM that owns the licence pool itself answers is free of it in [start, start + 1 h). */
    private static long licencesFreeAtTheRm(String start) {
        var rm = new org.doji.rm.soap.client.RemoteResourceManager(grid.rmUrls().get("crm-c"),
                java.time.Duration.ofSeconds(5), java.time.Duration.ofSeconds(30));
        Instant from = Instant.parse(start);
        var slots = rm.availability(org.doji.rm.api.Caller.ANONYMOUS, new org.doji.rm.model.AvailabilityQuery(
                List.of(new org.doji.rm.model.TimeWindow(from, from.plusSeconds(3600))), null));
        return slots.get(0).countables().stream().filter(c -> c.name().equals("Lic")).findFirst().orElseThrow().free();
    }

    @Test
    void licencesInAnExpressionAreHeldByTheRmWhosePoolHasThemAndARequestIsRefusedWhenTheyRunOut() throws Exception {
        awaitEveryRmDescribed();
        String start = at(8);
        assertThat(licencesFreeAtTheRm(start)).isEqualTo(3);
        Run first = cli("reserve", "--expr", "(SITE_A:4 | SITE_B:4) & Lic:2", "--start", start, "--duration", "1h",
                "--poll-interval", "100ms");
        assertThat(first.code()).as(first.err()).isZero();
        CoAllocationDocument doc = document(keyOf(first));
        assertThat(doc.getState()).isEqualTo(CoAllocationState.RESERVED);
        assertThat(doc.getRequest().getCountable()).extracting(c -> c.getName() + ":" + c.getAmount()).containsExactly("Lic:2");
        assertThat(doc.getPlan().getSite()).singleElement().satisfies(s -> assertThat(s.getSite()).isEqualTo("SITE_A"));
        assertThat(doc.getPlan().getCountable()).singleElement().satisfies(c -> {
            assertThat(c.getName()).isEqualTo("Lic");
            assertThat(c.getAmount()).isEqualTo(2);
            assertThat(c.getRmId()).isEqualTo("crm-c");
        });
        // cost: 4 cores x 1.0 at SITE_A and 2 licences x 0.5, for one hour
        assertThat(doc.getPlan().getCost()).isEqualTo(5.0);
        assertThat(doc.getRm()).extracting(o -> o.getRmId()).containsExactlyInAnyOrder("crm-a", "crm-c");
        assertThat(first.out()).contains("COUNTABLE").contains("crm-c");
        assertThat(licencesFreeAtTheRm(start)).isEqualTo(1);

        // one licence left in that hour: the same request again has no feasible plan and books nothing
        Run second = cli("reserve", "--expr", "(SITE_A:4 | SITE_B:4) & Lic:2", "--start", start, "--duration", "1h",
                "--poll-interval", "100ms");
        assertThat(second.code()).as(second.out()).isEqualTo(1);
        assertThat(second.out() + second.err()).contains("countable Lic: 2 requested, 1 free");
        assertThat(licencesFreeAtTheRm(start)).isEqualTo(1);

        // a cancel gives them back at the RM
        assertThat(cli("cancel", doc.getKey()).code()).isZero();
        assertThat(licencesFreeAtTheRm(start)).isEqualTo(3);
    }

    @Test
    void thePathPolicyOfTheRequestReachesTheNetworkRmAndIsShownInThePlan() throws Exception {
        Run r = cli("reserve", "--site", "a:4:at=SITE_A", "--site", "b:4:at=SITE_B", "--link", "a-b:500",
                "--path-policy", "hop", "--start", at(10), "--duration", "1h", "--poll-interval", "100ms");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("POLICY").containsPattern("a-b +SITE_A-SITE_B +nrm-d1 +500 +hop");
        CoAllocationDocument doc = document(keyOf(r));
        assertThat(doc.getRequest().getPathPolicy()).isEqualTo("hop");
        assertThat(doc.getPlan().getPath()).singleElement().satisfies(p -> assertThat(p.getPolicy()).isEqualTo("hop"));
        // the NRM holds the path with the policy it was asked for
        var nrm = doc.getRm().stream().filter(o -> o.getRmId().equals("nrm-d1")).findFirst().orElseThrow();
        var held = new org.doji.rm.soap.client.RemoteResourceManager(grid.rmUrls().get("nrm-d1"),
                java.time.Duration.ofSeconds(5), java.time.Duration.ofSeconds(30))
                .get(org.doji.rm.api.Caller.ANONYMOUS, nrm.getReservationKey());
        assertThat(held.spec().network()).singleElement().satisfies(n -> assertThat(n.policy()).isEqualTo("hop"));

        Run bad = cli("plan", "--site", "a:1", "--path-policy", "no such", "--start", at(10), "--duration", "1h");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--path-policy");

        // a name no network RM knows: the co-allocation fails with the NRM's own refusal, not "did not answer"
        Run unknown = cli("reserve", "--site", "a:4:at=SITE_A", "--site", "b:4:at=SITE_B", "--link", "a-b:500",
                "--path-policy", "widest-ever", "--start", at(11), "--duration", "1h", "--poll-interval", "100ms");
        assertThat(unknown.code()).as(unknown.out()).isEqualTo(1);
        assertThat(unknown.out() + unknown.err()).contains("RM nrm-d1 refused the request: UNKNOWN_POLICY",
                "widest-ever").doesNotContain("nrm-d1 did not answer");
    }

    @Test
    void alternativesWithDifferentCoreCountsGoWhereTheirOwnCountFits() throws Exception {
        awaitEveryRmDescribed();
        // SITE_A has 16 cores: 20 fit only as the 6 asked on SITE_B, though SITE_A is cheaper
        Run r = cli("reserve", "--expr", "(SITE_A:20 | SITE_B:6)", "--start", at(9), "--duration", "1h",
                "--poll-interval", "100ms");
        assertThat(r.code()).as(r.err()).isZero();
        CoAllocationDocument doc = document(keyOf(r));
        assertThat(doc.getPlan().getSite()).singleElement().satisfies(s -> {
            assertThat(s.getSite()).isEqualTo("SITE_B");
            assertThat(s.getCores()).isEqualTo(6);
        });
        assertThat(doc.getRequest().getSite().get(0).getCandidate()).extracting(c -> c.getValue() + ":" + c.getCores())
                .containsExactly("SITE_A:null", "SITE_B:6");
    }

    @Test
    void failuresMapToTheDocumentedExitCodes() throws Exception {
        Run bad = cli("reserve", "--sites", "2", "--cores", "4", "--start", at(3), "--end", at(1));
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--end " + at(1) + " is not after --start " + at(3));

        Run alternatives = cli("plan", "--expr", "SITE_A:4 | SITE_A:5", "--start", at(3), "--duration", "1h");
        assertThat(alternatives.code()).isEqualTo(2);
        assertThat(alternatives.err()).contains("each site once in an alternative");

        int freePort;
        try (ServerSocket s = new ServerSocket(0)) {
            freePort = s.getLocalPort();
        }
        Run unreachable = cli("--grc", "http://localhost:" + freePort + "/services/grc", "list");
        assertThat(unreachable.code()).isEqualTo(3);
        assertThat(unreachable.err()).contains("cannot reach the GRC at http://localhost:" + freePort);

        Run fault = cli("reserve", "--site", "a:1:at=NO_SUCH_SITE", "--start", at(3), "--duration", "1h");
        assertThat(fault.code()).isEqualTo(4);
        assertThat(fault.err()).contains("UnknownResourceFault UNKNOWN_SITE").contains("NO_SUCH_SITE");

        Run failed = cli("reserve", "--site", "big:64", "--start", at(3), "--duration", "1h", "--poll-interval", "100ms");
        assertThat(failed.code()).isEqualTo(1);
        assertThat(failed.out()).contains("Failed").contains("no feasible plan");
    }

    /**
     * --user/--password travel as a WS-Security UsernameToken (PasswordText): checked on the wire with a
     * recording HTTP endpoint, since the token must be there whatever the GRC does with it.
     */
    @Test
    void credentialsAreSentAsAUsernameToken() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(org.doji.grc.cli.Credentials.supported(),
                "cxf-rt-ws-security and saaj-impl are not on the class path");
        java.util.concurrent.atomic.AtomicReference<String> body = new java.util.concurrent.atomic.AtomicReference<>();
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        byte[] answer = ("<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
                + "<listResponse xmlns=\"http://doji.org/ns/2026/grc\"><result/></listResponse></soap:Body></soap:Envelope>")
                .getBytes(StandardCharsets.UTF_8);
        server.createContext("/services/grc", exchange -> {
            body.set(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            exchange.getResponseHeaders().add("Content-Type", "text/xml; charset=utf-8");
            exchange.sendResponseHeaders(200, answer.length);
            exchange.getResponseBody().write(answer);
            exchange.close();
        });
        server.start();
        try {
            Run r = cli("--grc", "http://127.0.0.1:" + server.getAddress().getPort() + "/services/grc",
                    "--user", "alice", "--password", "s3cret", "list");
            assertThat(r.code()).as(r.err()).isZero();
            assertThat(r.out()).contains("no co-allocations");
            assertThat(body.get()).contains("<wsse:Username>alice</wsse:Username>")
                    .containsPattern("<wsse:Password Type=\"[^\"]*#PasswordText\">s3cret</wsse:Password>")
                    .containsPattern("<wsse:Nonce [^>]*>[A-Za-z0-9+/=]{16,}</wsse:Nonce>").contains(":Created>");
        } finally {
            server.stop(0);
        }
        // a GRC that does not check tokens (the GRC port has no WS-Security yet) still answers
        Run real = cli("--user", "alice", "--password", "s3cret", "list");
        assertThat(real.code()).as(real.err()).isZero();
    }

    /** The exec jar as a user runs it: exit codes and output of a real process. */
    @Test
    void theExecJarRunsTheClientAsAProcess() throws Exception {
        Path jar = Path.of("..", "grc-service", "app", "target", "doji-grc-service-0.1.0-SNAPSHOT-exec.jar");
        assertThat(jar).as("build grc-service/app's exec jar first").exists();
        Run ok = process(jar, "--grc", grid.grcUrl(), "reserve", "--site", "x:2", "--start", at(20), "--duration", "30m",
                "--poll-interval", "200ms");
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(ok.out()).contains("Reserved");
        assertThat(document(keyOf(ok)).getState()).isEqualTo(CoAllocationState.RESERVED);

        Run unknown = process(jar, "--grc", grid.grcUrl(), "status", "co-doesnotexist");
        assertThat(unknown.code()).isEqualTo(4);
        assertThat(unknown.err()).contains("ResourceUnknownFault UNKNOWN_RESOURCE");

        Run bad = process(jar, "reserve", "--policy", "FASTEST");
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("Invalid value for option '--policy'");
    }

    private static Run process(Path jar, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-jar", jar.toString()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile("doji-out", ".txt");
        Path err = Files.createTempFile("doji-err", ".txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("doji did not finish in 120 s: " + cmd);
        }
        Run r = new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
        return r;
    }
}
