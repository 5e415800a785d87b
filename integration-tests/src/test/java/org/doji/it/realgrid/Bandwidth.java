package org.doji.it.realgrid;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** An iperf3 run's per-second intervals ({@code -J -i 1}), placed in time by the run's start timestamp. */
record Bandwidth(Instant start, List<Interval> intervals) {

    record Interval(Instant from, Instant to, double mbps) {
    }

    static Bandwidth of(String json) {
        try {
            JsonNode root = new ObjectMapper().readTree(json.substring(json.indexOf('{')));
            if (root.has("error")) {
                throw new IllegalStateException("iperf3 failed: " + root.get("error").asText());
            }
            JsonNode ts = root.path("start").path("timestamp");
            Instant start = Instant.ofEpochSecond(ts.path("timesecs").asLong());
            List<Interval> out = new ArrayList<>();
            for (JsonNode i : root.path("intervals")) {
                JsonNode sum = i.path("sum");
                out.add(new Interval(start.plus(seconds(sum.path("start").asDouble())),
                        start.plus(seconds(sum.path("end").asDouble())), sum.path("bits_per_second").asDouble() / 1e6));
            }
            return new Bandwidth(start, out);
        } catch (IOException e) {
            throw new UncheckedIOException("not an iperf3 JSON report: " + json, e);
        }
    }

    private static Duration seconds(double s) {
        return Duration.ofNanos((long) (s * 1e9));
    }

    Instant from() {
        return intervals.isEmpty() ? start : intervals.get(0).from();
    }

    Instant to() {
        return intervals.isEmpty() ? start : intervals.get(intervals.size() - 1).to();
    }

    /**
     * The mean rate of the intervals lying within [from, to], the run's first two seconds left out (TCP's slow
     * start, and the meter's burst: it lets a second's worth through at once); NaN when none lies there.
     */
    double meanMbps(Instant from, Instant to) {
        return intervals.stream().skip(2).filter(i -> !i.from().isBefore(from) && !i.to().isAfter(to))
                .mapToDouble(Interval::mbps).average().orElse(Double.NaN);
    }
}
