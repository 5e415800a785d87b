package org.doji.grc.simulation;

import java.time.Duration;
import java.util.List;
import org.doji.grc.simulation.Workload.SimRequest;

/**
 * Demand ratio of §9: requested / available core-time and bandwidth-time. Requested is what the requests
 * ask for (Σ cores × duration; Σ link bandwidth × duration, not the hops a route takes); available is the
 * grid's total capacity (all cores; all NRM paths, each counted once) over the period slots can lie in.
 */
public record DemandRatio(int requests, double coreHoursRequested, double coreHoursAvailable,
                          double gbpsHoursRequested, double gbpsHoursAvailable) {

    public static DemandRatio of(List<SimRequest> requests, int totalCores, long totalPathMbps, Duration period) {
        double hours = period.toSeconds() / 3600.0;
        return new DemandRatio(requests.size(),
                requests.stream().mapToDouble(SimRequest::coreHours).sum(), totalCores * hours,
                requests.stream().mapToDouble(SimRequest::gbpsHours).sum(), totalPathMbps / 1000.0 * hours);
    }

    public double cores() {
        return coreHoursRequested / coreHoursAvailable;
    }

    public double bandwidth() {
        return gbpsHoursRequested / gbpsHoursAvailable;
    }
}
