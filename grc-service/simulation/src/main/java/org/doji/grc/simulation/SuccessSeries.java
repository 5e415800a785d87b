package org.doji.grc.simulation;

import java.time.Duration;
import org.doji.grc.simulation.Simulation.Outcome;
import org.doji.grc.simulation.Simulation.Run;

/**
 * One user's success in one run over acceptance time (a request is accepted, or refused, when it arrives):
 * by bucket (the share of the bucket's requests that were reserved) and cumulative, as the paper plots it
 * (the share of all requests accepted so far that were reserved).
 */
public record SuccessSeries(int bucketMinutes, int[] requests, int[] reserved) {

    /** By bucket of {@code bucketMinutes} over the arrival hours. */
    public static SuccessSeries of(Run run, String user, int arrivalHours, int bucketMinutes) {
        int buckets = (arrivalHours * 60 + bucketMinutes - 1) / bucketMinutes;
        int[] requests = new int[buckets];
        int[] reserved = new int[buckets];
        for (Outcome o : run.outcomes()) {
            if (!o.request().user().equals(user)) {
                continue;
            }
            int b = (int) Math.min(buckets - 1, Duration.between(Workload.T0, o.request().arrival()).toMinutes() / bucketMinutes);
            requests[b]++;
            if (o.reserved()) {
                reserved[b]++;
            }
        }
        return new SuccessSeries(bucketMinutes, requests, reserved);
    }

    public int buckets() {
        return requests.length;
    }

    /** Success rate of bucket b in [0, 1], or NaN when no request arrived in it. */
    public double rate(int b) {
        return requests[b] == 0 ? Double.NaN : (double) reserved[b] / requests[b];
    }

    /** Cumulative success rate at the end of bucket b: reserved / accepted so far, NaN before the first request. */
    public double cumulative(int b) {
        int n = 0;
        int ok = 0;
        for (int i = 0; i <= b; i++) {
            n += requests[i];
            ok += reserved[i];
        }
        return n == 0 ? Double.NaN : (double) ok / n;
    }
}
