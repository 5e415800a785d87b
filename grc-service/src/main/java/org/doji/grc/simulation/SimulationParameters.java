package org.doji.grc.simulation;

import java.time.Duration;
import java.util.List;

/**
 * Everything a run of the §9 reference evaluation depends on (validated; {@link #defaults()} is §9).
 *
 * @param seed             seeds the workload; the same seed gives the same requests and results
 * @param intervalsMinutes mean Poisson inter-arrival time of EACH user's requests; one experiment per value
 * @param arrivalHours     requests arrive during [0, arrivalHours)
 * @param bookingHours     length of the period every candidate slot must lie in
 * @param booking          where that period is: right after the arrival period, or after each arrival
 * @param slots            N, candidate start times per request
 * @param lowServiceLevel  share of each RM's free capacity user B sees in the low-service-level setting
 * @param durationsMinutes durations drawn uniformly
 * @param coresPerSite     cores per requested site, drawn uniformly (independently per site)
 * @param bandwidthMbps    bandwidth of every requested link
 * @param slackFactor      LST − EST = slackFactor × mean interval
 * @param bucketMinutes    width of the arrival-time buckets of the success-over-time series
 * @param maxPlans         ranked plans tried with two-phase commit before a request fails (the GRC's default)
 * @param engine           planner engine ("fast" is the product's default)
 */
public record SimulationParameters(long seed, List<Integer> intervalsMinutes, int arrivalHours, int bookingHours,
                                   Booking booking, int slots, double lowServiceLevel, List<Integer> durationsMinutes,
                                   List<Integer> coresPerSite, long bandwidthMbps, double slackFactor, int bucketMinutes,
                                   int maxPlans, String engine) {

    /** Where the period that requests book lies. */
    public enum Booking {
        /** Every request asks for slots in [arrivalHours, arrivalHours + bookingHours): the day after. */
        NEXT_DAY,
        /** A request arriving at a asks for slots in [a, a + bookingHours). */
        ROLLING
    }

    public SimulationParameters {
        intervalsMinutes = positiveList(intervalsMinutes, "intervals");
        durationsMinutes = positiveList(durationsMinutes, "durations");
        coresPerSite = positiveList(coresPerSite, "cores");
        if (arrivalHours <= 0 || bookingHours <= 0) {
            throw new IllegalArgumentException("--arrival-hours and --booking-hours must be positive");
        }
        if (booking == null) {
            throw new IllegalArgumentException("--booking must be NEXT_DAY or ROLLING");
        }
        if (slots < 1) {
            throw new IllegalArgumentException("--slots must be at least 1, was " + slots);
        }
        if (!(lowServiceLevel > 0 && lowServiceLevel <= 1)) {
            throw new IllegalArgumentException("--low-service-level must be in (0, 1], was " + lowServiceLevel);
        }
        if (bandwidthMbps <= 0) {
            throw new IllegalArgumentException("--bandwidth-mbps must be positive, was " + bandwidthMbps);
        }
        if (!(slackFactor >= 0)) {
            throw new IllegalArgumentException("--slack-factor must not be negative, was " + slackFactor);
        }
        if (bucketMinutes <= 0 || bucketMinutes > arrivalHours * 60) {
            throw new IllegalArgumentException("--bucket-minutes must be in (0, arrival period], was " + bucketMinutes);
        }
        if (maxPlans < 1) {
            throw new IllegalArgumentException("--max-plans must be at least 1, was " + maxPlans);
        }
        if (engine == null || engine.isBlank()) {
            throw new IllegalArgumentException("--engine must be named");
        }
        int longest = durationsMinutes.stream().mapToInt(Integer::intValue).max().orElseThrow();
        for (int interval : intervalsMinutes) {
            // the fields are not assigned yet inside a compact constructor: use the parameter, not slack()
            Duration need = Duration.ofSeconds(Math.round(slackFactor * interval * 60)).plusMinutes(longest);
            if (need.compareTo(Duration.ofHours(bookingHours)) > 0) {
                throw new IllegalArgumentException("a request with interval " + interval + " min needs " + need.toMinutes()
                        + " min of slack and duration, more than the " + bookingHours + " h booking period");
            }
        }
    }

    /** DESIGN §9: intervals 5 and 10 min, 24 h of arrivals booking the next 24 h, N = 10, B at 0.5. */
    public static SimulationParameters defaults() {
        return new SimulationParameters(1, List.of(5, 10), 24, 24, Booking.NEXT_DAY, 10, 0.5, List.of(30, 60, 120),
                List.of(1, 2, 4, 8), 1000, 3.0, 120, 5, "fast");
    }

    /** LST − EST for a mean interval. */
    public Duration slack(int intervalMinutes) {
        return Duration.ofSeconds(Math.round(slackFactor * intervalMinutes * 60));
    }

    /** How long the period is over which slots can lie (the denominator of the demand ratios). */
    public Duration bookablePeriod() {
        return Duration.ofHours(booking == Booking.NEXT_DAY ? bookingHours : (long) arrivalHours + bookingHours);
    }

    private static List<Integer> positiveList(List<Integer> values, String name) {
        if (values == null || values.isEmpty()) {
            throw new IllegalArgumentException("--" + name + " needs at least one value");
        }
        for (Integer v : values) {
            if (v == null || v <= 0) {
                throw new IllegalArgumentException("--" + name + " values must be positive, got " + values);
            }
        }
        return List.copyOf(values);
    }
}
