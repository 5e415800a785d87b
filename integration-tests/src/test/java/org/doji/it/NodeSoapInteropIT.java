package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Interoperability with node-soap (npm {@code soap}, a common Node.js SOAP client): every WSDL Doji serves (the
 * GRC port, the GRC's RM port, its notification consumer and subscription manager, an RM's port) loads, node-soap
 * describes it with every operation of its port, and one operation of most is called over HTTP. The RM port's
 * operation {@code describe} takes the place of node-soap's own {@code client.describe()}; the description is then
 * {@code client.wsdl.describeServices()} (docs/interop.md); every other WSDL answers {@code client.describe()}.
 * Runs when node and the soap module are installed ({@code scripts/install-deps.sh} puts them in
 * {@code ~/.cache/doji/node}, or {@code $DOJI_NODE_DIR}); required when {@code -Ddoji.it.require} names
 * {@code node-soap}.
 */
class NodeSoapInteropIT {

    private static LocalGrid grid;
    private static Path moduleDir;

    @BeforeAll
    static void start() throws Exception {
        String dir = System.getenv().getOrDefault("DOJI_NODE_DIR", System.getProperty("user.home") + "/.cache/doji/node");
        moduleDir = Path.of(dir);
        boolean available = Files.isDirectory(moduleDir.resolve("node_modules/soap")) && nodeRuns();
        if (System.getProperty("doji.it.require", "").contains("node-soap") && !available) {
            throw new IllegalStateException("node and npm soap are required (doji.it.require) but not in " + moduleDir
                    + " (scripts/install-deps.sh installs them)");
        }
        Assumptions.assumeTrue(available, "node-soap is not installed in " + moduleDir);
        grid = LocalGrid.start(GridTopology.builder()
                .crm("crm-p", "PSITE", "D", 2, 4, 1.0, Map.of())
                .nrm("nrm-d", "D", List.of("PSITE"), List.of("X"), 1000, 0.01, 1000, 0.01)
                .build(), 0, "mem", Map.of(), Map.of("doji.grc.slots", "1"));
    }

    private static boolean nodeRuns() {
        try {
            return new ProcessBuilder("node", "--version").start().waitFor() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    @AfterAll
    static void stop() {
        if (grid != null) {
            grid.close();
        }
    }

    @Test
    void everyWsdlLoadsAndAnswersInNodeSoap() throws Exception {
        Path script = Files.createTempFile("node_soap_client", ".js");
        try (var in = getClass().getResourceAsStream("/interop/node_soap_client.js")) {
            Files.write(script, in.readAllBytes());
        }
        String grc = grid.grcUrl();
        String grcRm = grc.replace("/services/grc", "/services/rm");
        String notify = grc.replace("/services/grc", "/services/notify");
        String subscriptions = grc.replace("/services/grc", "/services/subscriptions");
        String rm = grid.rmUrls().get("crm-p");
        List<String> command = new ArrayList<>(List.of("node", script.toString(), moduleDir.toString(), grc, grcRm, notify,
                rm, subscriptions));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("node-soap client finished").isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : out.lines().filter(l -> l.startsWith("{")).toList()) {
            lines.add(json.readTree(line));
        }
        assertThat(lines).hasSize(5).allSatisfy(l -> assertThat(l.has("error")).as(l.toString()).isFalse());
        // where no operation is named describe, node-soap's own client.describe() describes the WSDL, every operation
        // of every port; on the RM ports client.wsdl.describeServices() does (docs/interop.md)
        for (JsonNode port : List.of(lines.get(0), lines.get(2), lines.get(4))) {
            assertThat(port.get("describedBy").asText()).isEqualTo("client.describe()");
            assertThat(port.get("described")).as(port.toString()).isEqualTo(port.get("operations"));
            assertThat(port.get("sameAsDescribeServices").asBoolean()).as(port.toString()).isTrue();
        }
        for (JsonNode port : List.of(lines.get(1), lines.get(3))) {
            assertThat(port.get("describedBy").asText()).isEqualTo("client.wsdl.describeServices()");
        }
        assertThat(lines.get(0).get("service").asText()).isEqualTo("GrcService");
        assertThat(lines.get(0).get("called").asText()).isEqualTo("listResourceManagers");
        assertThat(lines.get(0).get("answer").toString()).contains("crm-p", "nrm-d");
        // the GRC's RM port and the RM's port: the operation describe answers with the RM's own description
        for (JsonNode rmPort : List.of(lines.get(1), lines.get(3))) {
            assertThat(rmPort.get("operations").toString()).contains("describe", "reserve", "reserveCommit", "getAvailableResources");
            assertThat(rmPort.get("called").asText()).isEqualTo("describe");
        }
        assertThat(lines.get(3).get("answer").toString()).contains("crm-p", "PSITE");
        assertThat(lines.get(1).get("answer").toString()).contains("PSITE");
        assertThat(lines.get(2).get("operations").toString()).contains("Notify");
        assertThat(lines.get(4).get("operations").toString()).contains("Renew", "Unsubscribe");
    }
}
