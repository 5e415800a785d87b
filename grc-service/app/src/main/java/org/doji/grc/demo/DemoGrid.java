package org.doji.grc.demo;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.doji.contract.addressing.EndpointReferenceType;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.PlannedPath;
import org.doji.contract.types.PlannedSite;
import org.doji.grc.cli.Credentials;
import org.doji.rm.soap.ResourceReferences;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo: a GRC and six simulated RMs (four compute sites in two domains, one network RM per domain)
 * on loopback, one sample co-allocation through the generated client stubs, then it keeps serving.
 * Options: {@code --port=8080} (the GRC's port; RMs take the next ones), {@code --data=./data/demo}, and what
 * {@link DemoOptions} lists to run it secured.
 */
public final class DemoGrid {

    private static final Logger log = LoggerFactory.getLogger(DemoGrid.class);

    private DemoGrid() {
    }

    /** The reserve the demo log suggests (DojiCliTest runs it): two 4-core sites s1, s2 joined by 1000 Mbps. */
    public static final String SUGGESTED_RESERVE = "reserve --sites 2 --cores 4 --mesh 1000 --start +1h --end +3h";

    /**
     * What the demo's console leaves out, so that a newcomer sees Doji's own lines (the addresses, the sample
     * co-allocation) and the warnings and errors of everything: the libraries' INFO lines as seven services start
     * (Spring Boot's start-up report, Tomcat, the connection pools, Flyway's migrations of empty databases, the
     * actuator) and the H2 upkeep's settings, once per service. Options given to the demo ({@code --logging.*})
     * override them.
     */
    static final Map<String, String> QUIET = Map.of(
            "spring.main.log-startup-info", "false",
            "logging.level.org.springframework", "WARN",
            "logging.level.org.apache.catalina", "WARN",
            "logging.level.org.apache.tomcat", "WARN",
            "logging.level.org.apache.cxf", "WARN",
            "logging.level.com.zaxxer.hikari", "WARN",
            "logging.level.org.flywaydb", "WARN",
            "logging.level.org.doji.rm.persistence.H2Upkeep", "WARN");

    public static void main(String[] args) throws Exception {
        LocalGrid grid = start(args);
        Runtime.getRuntime().addShutdownHook(new Thread(grid::close, "doji-demo-shutdown"));
        log.info("serving; press Ctrl-C to stop");
        new CountDownLatch(1).await();
    }

    /** Starts the demo grid, prints its addresses and makes the sample co-allocation; the caller closes the grid. */
    public static LocalGrid start(String... args) throws Exception {
        DemoOptions options = DemoOptions.parse(args);
        GridTopology topology = GridTopology.demo();
        Map<String, String> common = new LinkedHashMap<>(QUIET);
        common.putAll(options.common());
        LocalGrid grid = LocalGrid.start(topology, options.port(), options.data(), common,
                options.grcProperties(topology.rms().size()));
        try {
            printAddresses(grid);
            sampleCoAllocation(grid, options);
            return grid;
        } catch (Exception e) {
            grid.close();
            throw e;
        }
    }

    private static void printAddresses(LocalGrid grid) {
        String base = grid.grcUrl().replace("/services/grc", "");
        log.info("Doji demo grid is up.");
        log.info("  GRC      {}   WSDL {}?wsdl", grid.grcUrl(), grid.grcUrl());
        grid.rmUrls().forEach((id, url) -> log.info("  {} {}   WSDL {}?wsdl", String.format("%-9s", id), url, url));
        log.info("  service listings: {}/services (and each RM's /services)", base);
        log.info("  dashboard: {}/dashboard/", base);
        log.info("  the GRC as an RM (for a parent GRC): {}/services/rm", base);
        log.info("  command line: ./scripts/doji --grc {} {}", grid.grcUrl(), SUGGESTED_RESERVE);
    }

    private static void sampleCoAllocation(LocalGrid grid, DemoOptions options) throws Exception {
        SampleClient client = options.user() == null ? new SampleClient(grid.grcUrl())
                : new SampleClient(grid.grcUrl(), new Credentials(options.user()[0], options.user()[1]));
        EndpointReferenceType epr = client.create(SampleClient.sampleRequest(Instant.now()));
        log.info("sample co-allocation created: {}", ResourceReferences.addressOf(epr));
        CoAllocationDocument doc = client.awaitSettled(epr, Duration.ofSeconds(60));
        log.info("sample co-allocation {} is {}{}", doc.getKey(), doc.getState().value(),
                doc.getReason() == null ? "" : " (" + doc.getReason() + ")");
        if (doc.getPlan() == null) {
            return;
        }
        log.info("  window {} .. {}, cost {}", doc.getPlan().getWindow().getStart(), doc.getPlan().getWindow().getEnd(),
                doc.getPlan().getCost());
        for (PlannedSite s : doc.getPlan().getSite()) {
            log.info("  site {} -> {} at {} ({} cores, nodes {}, queue {})", s.getRequestSite(), s.getSite(),
                    s.getRmId(), s.getCores(), s.getNode(), s.getHandle());
        }
        for (PlannedPath p : doc.getPlan().getPath()) {
            log.info("  link {}-{} over {} -> {} at {} ({} Mbps)", p.getRequestFrom(), p.getRequestTo(), p.getFrom(),
                    p.getTo(), p.getRmId(), p.getBandwidthMbps());
        }
    }
}
