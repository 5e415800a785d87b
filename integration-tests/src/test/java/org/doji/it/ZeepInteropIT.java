package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Interoperability: zeep (another SOAP toolkit) prints every WSDL Doji serves, and a Python zeep client reads the
 * GRC's published WSDL, creates a co-allocation, polls its resource properties through the EPR's address, and gets
 * a typed fault for bad input. Runs when python3-zeep is installed (scripts/install-deps.sh installs it); required when
 * {@code -Ddoji.it.require} names {@code zeep}.
 */
class ZeepInteropIT {

    private static LocalGrid grid;

    @BeforeAll
    static void start() throws Exception {
        boolean required = System.getProperty("doji.it.require", "").contains("zeep");
        boolean available = new ProcessBuilder("/usr/bin/python3", "-c", "import zeep").start().waitFor() == 0;
        if (required && !available) {
            throw new IllegalStateException("python3-zeep is required (doji.it.require) but not installed");
        }
        Assumptions.assumeTrue(available, "python3-zeep is not installed");
        grid = LocalGrid.start(GridTopology.builder()
                .crm("crm-p", "PSITE", "D", 2, 4, 1.0, Map.of())
                .crm("crm-q", "QSITE", "D", 2, 4, 1.0, Map.of())
                .nrm("nrm-d", "D", List.of("PSITE", "QSITE"), List.of(), 1000, 0.01, 0, 0)
                .build(), 0, TestDatabase.grid("mem"), Map.of(), Map.of("doji.grc.slots", "1"));
    }

    @AfterAll
    static void stop() {
        if (grid != null) {
            grid.close();
        }
    }

    /**
     * zeep's own way to inspect a service, {@code python3 -m zeep <wsdl>}, prints every WSDL Doji serves: each one's
     * schemas (every fault type extends WS-BaseFaults' BaseFaultType, whose ErrorCode stopped zeep 4.2 when it was
     * an extension of xsd:anyType) and each port's operations.
     */
    @Test
    void zeepPrintsEveryWsdl() throws Exception {
        String base = grid.grcUrl().replace("/services/grc", "/services");
        Map<String, List<String>> wsdls = Map.of(
                grid.grcUrl(), List.of("createCoAllocation(", "GetResourceProperty(", "Subscribe("),
                base + "/rm", List.of("describe(", "reserve(", "reserveCommit("),
                base + "/notify", List.of("Notify("),
                base + "/subscriptions", List.of("Renew(", "Unsubscribe("),
                grid.rmUrls().get("crm-p"), List.of("describe(", "getAvailableResources(", "Destroy("));
        for (var wsdl : wsdls.entrySet()) {
            Process p = new ProcessBuilder("/usr/bin/python3", "-m", "zeep", wsdl.getKey() + "?wsdl")
                    .redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("zeep finished on " + wsdl.getKey()).isTrue();
            assertThat(p.exitValue()).as(wsdl.getKey() + ":\n" + out).isZero();
            assertThat(out).as(wsdl.getKey()).contains("Global types:", "BaseFaultType(", "Operations:")
                    .contains(wsdl.getValue()).doesNotContain("Traceback");
        }
    }

    @Test
    void zeepClientCoAllocatesAndReceivesTypedFaults() throws Exception {
        Path script = Files.createTempFile("zeep_client", ".py");
        try (var in = getClass().getResourceAsStream("/interop/zeep_client.py")) {
            Files.write(script, in.readAllBytes());
        }
        Process p = new ProcessBuilder("/usr/bin/python3", script.toString(), grid.grcUrl()).redirectErrorStream(true).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("zeep client finished").isTrue();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("STATE=Reserved", "SITE=x:", "SITE=y:", "FAULT=END_NOT_AFTER_START");
        assertThat(out).containsPattern("ADDRESS=" + java.util.regex.Pattern.quote(grid.grcUrl()) + "\\?res=co-");
        Files.deleteIfExists(script);
    }
}
