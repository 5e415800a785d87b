package org.doji.dst;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Every fault of a run, drawn from its one seeded generator: what the network does to each message, where a
 * process dies, when a process crashes on its own, when a pair of processes is cut apart. Faults happen only
 * while the plan is on; afterwards every message arrives and nobody crashes, so the grid can settle.
 */
final class FaultPlan {

    /** How often each fault happens; a probability per message or per commit, or a mean interval. */
    record Rates(double lost, double answerLost, double delayed, double duplicated, double crashInCall,
                 double callerCrash, double crashAtCommit, Duration meanBetweenCrashes, Duration meanBetweenPartitions,
                 Duration meanBetweenLinkFailures, Duration maxDowntime, Duration maxSkew) {

        /**
         * The campaign's default: roughly one message in eight suffers something; a process crashes on its own about
         * every minute and is down for up to four (longer than a hold); a pair is cut apart every two minutes, a link
         * of a network RM fails every three.
         */
        static Rates standard() {
            return new Rates(0.03, 0.03, 0.02, 0.02, 0.004, 0.002, 0.002, Duration.ofMinutes(1), Duration.ofMinutes(2),
                    Duration.ofMinutes(3), Duration.ofMinutes(4), Duration.ofSeconds(1));
        }

        static Rates none() {
            return new Rates(0, 0, 0, 0, 0, 0, 0, null, null, null, Duration.ZERO, Duration.ZERO);
        }
    }

    /** What befalls one message. */
    enum Fate { DELIVERED, LOST, DELAYED }

    /** Faults counted by kind, for the report. */
    enum Kind { LOST, ANSWER_LOST, DELAYED, DUPLICATED, CRASH_IN_CALL, CALLER_CRASH, CRASH_AT_COMMIT, CRASH, PARTITION,
        LINK_DOWN }

    private final SplittableRandom random;
    private final Rates rates;
    private final Map<Kind, Integer> counts = new EnumMap<>(Kind.class);
    private boolean on;

    FaultPlan(long seed, Rates rates) {
        this.random = new SplittableRandom(seed);
        this.rates = rates;
    }

    SplittableRandom random() {
        return random;
    }

    Rates rates() {
        return rates;
    }

    boolean on() {
        return on;
    }

    void on(boolean faultsOn) {
        this.on = faultsOn;
    }

    private boolean draw(double p, Kind kind) {
        if (!on || p <= 0 || random.nextDouble() >= p) {
            return false;
        }
        counts.merge(kind, 1, Integer::sum);
        return true;
    }

    Fate fate() {
        if (draw(rates.lost(), Kind.LOST)) {
            return Fate.LOST;
        }
        return draw(rates.delayed(), Kind.DELAYED) ? Fate.DELAYED : Fate.DELIVERED;
    }

    boolean answerLost() {
        return draw(rates.answerLost(), Kind.ANSWER_LOST);
    }

    boolean duplicated() {
        return draw(rates.duplicated(), Kind.DUPLICATED);
    }

    /** The receiver dies while it handles the message (before or after it acted: {@link #before()}). */
    boolean crashInCall() {
        return draw(rates.crashInCall(), Kind.CRASH_IN_CALL);
    }

    /** The sender dies right after its call returned. */
    boolean callerCrash() {
        return draw(rates.callerCrash(), Kind.CALLER_CRASH);
    }

    /** The process dies at this commit (before or after it: {@link #before()}). */
    boolean crashAtCommit() {
        return draw(rates.crashAtCommit(), Kind.CRASH_AT_COMMIT);
    }

    boolean before() {
        return random.nextBoolean();
    }

    void counted(Kind kind) {
        counts.merge(kind, 1, Integer::sum);
    }

    /** A delay of a late or repeated message: up to 2 minutes, most of them short. */
    Duration lateBy() {
        double u = random.nextDouble();
        return Duration.ofMillis((long) (u * u * u * 120_000) + 1);
    }

    Duration downtime() {
        return Duration.ofMillis(1000 + random.nextLong(Math.max(1, rates.maxDowntime().toMillis())));
    }

    Duration skew() {
        long max = rates.maxSkew().toMillis();
        return max == 0 ? Duration.ZERO : Duration.ofMillis(random.nextLong(-max, max + 1));
    }

    /** An exponential wait of the given mean (the time to the next crash or partition). */
    Duration exponential(Duration mean) {
        return Duration.ofMillis(1 + (long) (-Math.log(1 - random.nextDouble()) * mean.toMillis()));
    }

    Map<Kind, Integer> counts() {
        return counts;
    }

    int total() {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }
}
