package org.doji.grc.simulation;

import java.time.Duration;
import org.doji.grc.simulation.Simulation.Outcome;
import org.doji.grc.simulation.Simulation.Run;

/** Success rate of one user's requests in one run, by arrival-time bucket. */
public record SuccessSeries(int bucketMinutes, int[] requests, int[] reserved) {

    public static SuccessSeries of(Run run, String user, SimulationParameters p) {
        int buckets = (p.arrivalHours() * 60 + p.bucketMinutes() - 1) / p.bucketMinutes();
        int[] requests = new int[buckets];
        int[] reserved = new int[buckets];
        for (Outcome o : run.outcomes()) {
            if (!o.request().user().equals(user)) {
                continue;
            }
            int b = (int) (Duration.between(Workload.T0, o.request().arrival()).toMinutes() / p.bucketMinutes());
            requests[b]++;
            if (o.reserved()) {
                reserved[b]++;
            }
        }
        return new SuccessSeries(p.bucketMinutes(), requests, reserved);
    }

    public int buckets() {
        return requests.length;
    }

    /** Success rate of bucket b in [0, 1], or NaN when no request arrived in it. */
    public double rate(int b) {
        return requests[b] == 0 ? Double.NaN : (double) reserved[b] / requests[b];
    }
}
