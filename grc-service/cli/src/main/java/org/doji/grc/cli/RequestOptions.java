package org.doji.grc.cli;

import java.util.ArrayList;
import java.util.List;
import org.doji.contract.types.Policy;
import picocli.CommandLine.Option;

/** The options that describe a co-allocation request (reserve, plan, modify); mapped by {@link RequestMapper}. */
public class RequestOptions {

    @Option(names = "--site", paramLabel = "ID:CORES[:REQ,...]",
            description = {"A requested site: ID (used by --link) and cores, optionally with requirements: "
                    + "attr=value, attr>=number, and at=SITE or at=SITE_A|SITE_B to pin it to named sites. Repeatable.",
                    "e.g. --site a:8 --site b:16:os=linux,memoryGB>=64 --site c:4:at=SITE_C"})
    List<String> sites = new ArrayList<>();

    @Option(names = "--sites", paramLabel = "N", description = "N unpinned sites s1..sN (with --cores)")
    Integer siteCount;

    @Option(names = "--cores", paramLabel = "C", description = "cores per site for --sites")
    Integer cores;

    @Option(names = "--expr", paramLabel = "EXPR", description = {"A resource expression instead of --site, e.g. "
            + "\"(ClustA:10 | ClustB:8) & ClustC:4 & Lic:5\": each & part is a site (ids s1, s2, ...) or, for a "
            + "name that is not a site of the GRC, a countable resource (licences); an | group pins a site to one "
            + "of the alternatives, each with its own cores."})
    String expression;

    @Option(names = "--link", paramLabel = "A-B:MBPS[:LATENCY_MS]",
            description = "A link between requested sites A and B with bandwidth in Mbps and an optional maximum "
                    + "latency in ms. Repeatable.")
    List<String> links = new ArrayList<>();

    @Option(names = "--mesh", paramLabel = "MBPS", description = "A link of MBPS between every pair of sites")
    Integer mesh;

    @Option(names = "--start", paramLabel = "TIME", description = "Fixed window start (ISO-8601, 'now' or +1h)")
    String start;

    @Option(names = "--end", paramLabel = "TIME", description = "Fixed window end (or --duration)")
    String end;

    @Option(names = "--est", paramLabel = "TIME", description = "Earliest start of a flexible window")
    String earliestStart;

    @Option(names = "--lst", paramLabel = "TIME", description = "Latest start of a flexible window (default: --est)")
    String latestStart;

    @Option(names = "--duration", paramLabel = "DURATION", description = "Duration: 2h, 90m, 1h30m, PT2H")
    String duration;

    @Option(names = "--policy", paramLabel = "POLICY",
            description = "How plans are ordered: ${COMPLETION-CANDIDATES} (default CHEAPEST)")
    Policy policy;

    @Option(names = "--description", paramLabel = "TEXT", description = "A note stored with the co-allocation")
    String description;

    @Option(names = "--path-policy", paramLabel = "NAME", description = {"The path allocation policy the network RMs "
            + "use for the links: hop, bandwidth or fat-tree on the OpenFlow NRM (default: each NRM's own)."})
    String pathPolicy;

    @Option(names = "--also", paramLabel = "USER", description = "Another user who may use the reservation. Repeatable.")
    List<String> additionalUsers = new ArrayList<>();

    /**
     * A GRC fault about an unknown site, explained for an expression: without the GRC's site list every
     * name in it was sent as a site, and a countable resource shows up as an unknown site.
     */
    CliException explain(CliException e) {
        if (expression == null || !"UNKNOWN_SITE".equals(e.errorCode())) {
            return e;
        }
        return new CliException(e.exitCode(), e.getMessage() + "\n(the GRC's site list could not be read, so every name "
                + "in --expr was taken as a site; a countable resource such as licences is told from a site with that "
                + "list: try again when listResourceManagers answers)", e.faultKind(), e.errorCode(), e);
    }

    boolean hasSites() {
        return !sites.isEmpty() || siteCount != null || cores != null || expression != null;
    }

    boolean hasLinks() {
        return !links.isEmpty() || mesh != null;
    }

    boolean hasTime() {
        return start != null || end != null || earliestStart != null || latestStart != null || duration != null;
    }
}
