package org.doji.grc.demo;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import org.doji.contract.addressing.EndpointReferenceType;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.PlannedPath;
import org.doji.contract.types.PlannedSite;
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

    public static void main(String[] args) throws Exception {
        DemoOptions options = DemoOptions.parse(args);
        int port = options.port();
        GridTopology topology = GridTopology.demo();
        LocalGrid grid = LocalGrid.start(topology, port, options.data(), options.common(),
                options.grcProperties(topology.rms().size()));
        Runtime.getRuntime().addShutdownHook(new Thread(grid::close, "doji-demo-shutdown"));
        log.info("Doji demo grid is up.");
        log.info("  GRC      {}   WSDL {}?wsdl", grid.grcUrl(), grid.grcUrl());
        grid.rmUrls().forEach((id, url) -> log.info("  {} {}   WSDL {}?wsdl", String.format("%-9s", id), url, url));
        log.info("  service listings: http://localhost:{}/services (and each RM's /services)", port);
        log.info("  dashboard: {}", grid.grcUrl().replace("/services/grc", "/dashboard/"));
        log.info("  the GRC as an RM (for a parent GRC): {}", grid.grcUrl().replace("/services/grc", "/services/rm"));
        log.info("  command line: ./scripts/doji --grc {} {}", grid.grcUrl(), SUGGESTED_RESERVE);

        SampleClient client = options.user() == null ? new SampleClient(grid.grcUrl())
                : new SampleClient(grid.grcUrl(), new org.doji.grc.cli.Credentials(options.user()[0], options.user()[1]));
        EndpointReferenceType epr = client.create(SampleClient.sampleRequest(Instant.now()));
        log.info("sample co-allocation created: {}", org.doji.rm.soap.ResourceReferences.addressOf(epr));
        CoAllocationDocument doc = client.awaitSettled(epr, Duration.ofSeconds(60));
        log.info("sample co-allocation {} is {}{}", doc.getKey(), doc.getState().value(),
                doc.getReason() == null ? "" : " (" + doc.getReason() + ")");
        if (doc.getPlan() != null) {
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
        log.info("serving; press Ctrl-C to stop");
        new CountDownLatch(1).await();
    }
}
