package org.doji.grc.simulation;

import java.time.Duration;
import java.util.List;
import org.doji.grc.simulation.Workload.SimRequest;

/**
 * Demand ratio: requested / available core-time and bandwidth-time over the period slots can lie in.
 * Cores: Σ cores × duration against every core. Bandwidth, counted the paper's way: a link inside a domain
 * occupies one path, a link between domains two (to an exchange point on either side); with a share s of
 * the links taken as inter-domain (the paper: one to one, s = 0.5) every requested Gbps occupies 1 + s Gbps
 * of paths, against every path's capacity counted once. {@link #bandwidthAsAsked()} counts each link once.
 */
public record DemandRatio(int requests, double coreHoursRequested, double coreHoursAvailable, double gbpsHoursRequested,
                          double pathsPerLink, double gbpsHoursAvailable) {

    public static DemandRatio of(List<SimRequest> requests, ScenarioTopology topology, Scenario.BandwidthCounting counting,
                                 Duration period) {
        double hours = period.toSeconds() / 3600.0;
        return new DemandRatio(requests.size(), requests.stream().mapToDouble(SimRequest::coreHours).sum(),
                topology.totalCores() * hours, requests.stream().mapToDouble(SimRequest::gbpsHours).sum(),
                counting.pathsPerLink(), topology.totalPathMbps() / 1000.0 * hours);
    }

    public double cores() {
        return coreHoursRequested / coreHoursAvailable;
    }

    /** Path Gbps-hours the requested links occupy (the paper's counting). */
    public double pathGbpsHoursRequested() {
        return gbpsHoursRequested * pathsPerLink;
    }

    public double bandwidth() {
        return pathGbpsHoursRequested() / gbpsHoursAvailable;
    }

    public double bandwidthAsAsked() {
        return gbpsHoursRequested / gbpsHoursAvailable;
    }
}
