package org.doji.grc.simulation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.doji.grc.model.Policy;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Everything one evaluation depends on, as read from a scenario file ({@link ScenarioLoader}): the grid, the
 * users and their service levels, the request types and draws, the arrival process, planning, how demand is
 * counted and the paper's figures to compare with. Each part checks itself when built; a message names the
 * file's key ({@code request-types[2].links}) so a wrong file says where it is wrong.
 */
public record Scenario(String name, String description, @DefaultValue("1") long seed, ScenarioTopology topology,
                       List<User> users, List<RequestType> requestTypes, Arrivals arrivals, Booking booking, Draws draws,
                       Planning planning, BandwidthCounting bandwidthCounting, List<PaperFigure> paper, Output output,
                       List<Simulation.Setting> settings, List<LinkFailure> linkFailures) {

    public Scenario {
        Checks.text(name, "name");
        description = description == null ? "" : description.strip();
        Checks.present(topology, "topology");
        users = Checks.nonEmpty(users, "users");
        requestTypes = Checks.nonEmpty(requestTypes, "request-types");
        Checks.present(arrivals, "arrivals");
        Checks.present(booking, "booking");
        Checks.present(draws, "draws");
        Checks.present(planning, "planning");
        Checks.present(bandwidthCounting, "bandwidth-counting");
        paper = paper == null ? List.of() : List.copyOf(paper);
        Checks.present(output, "output");
        settings = settings == null || settings.isEmpty()
                ? List.of(Simulation.Setting.STANDARD, Simulation.Setting.SERVICE_LEVELS) : List.copyOf(settings);
        Checks.unique(settings.stream().map(Enum::name).toList(), "settings");
        linkFailures = linkFailures == null ? List.of() : List.copyOf(linkFailures);
        for (LinkFailure f : linkFailures) {
            if (!topology.linkIds().contains(f.link())) {
                throw new IllegalArgumentException("link-failures: no link \"" + f.link() + "\" in the topology; links are "
                        + "named SITE--SITE or SITE--EXCHANGE, e.g. JN1--JN2, JN1--X1");
            }
        }
        Checks.unique(users.stream().map(User::name).toList(), "users[].name");
        Checks.unique(requestTypes.stream().map(RequestType::name).toList(), "request-types[].name");
        int longest = draws.durationsMinutes().stream().mapToInt(Integer::intValue).max().orElseThrow();
        for (int interval : arrivals.intervalsMinutes()) {
            Duration need = booking.slack(interval).plusMinutes(longest);
            if (need.compareTo(Duration.ofHours(booking.hours())) > 0) {
                throw new IllegalArgumentException("booking.hours: a request at interval " + interval + " min needs "
                        + need.toMinutes() + " min of slack and duration, more than the " + booking.hours() + " h booking period");
            }
        }
        if (output.bucketMinutes() > arrivals.hours() * 60) {
            throw new IllegalArgumentException("output.bucket-minutes: " + output.bucketMinutes() + " is longer than the "
                    + arrivals.hours() + " h of arrivals");
        }
        for (RequestType t : requestTypes) {
            if (t.sites() > topology.siteCount()) {
                throw new IllegalArgumentException("request-types: \"" + t.name() + "\" asks for " + t.sites()
                        + " sites, the topology has " + topology.siteCount());
            }
        }
    }

    /** A copy with another seed (for {@code --seed} and the K runs of {@code --runs}). */
    public Scenario withSeed(long newSeed) {
        return new Scenario(name, description, newSeed, topology, users, requestTypes, arrivals, booking, draws, planning,
                bandwidthCounting, paper, output, settings, linkFailures);
    }

    /** A copy with other mean intervals (for {@code --intervals}). */
    public Scenario withIntervals(List<Integer> intervals) {
        return new Scenario(name, description, seed, topology, users, requestTypes,
                new Arrivals(arrivals.process(), intervals, arrivals.hours(), arrivals.exactCount()), booking, draws, planning,
                bandwidthCounting, paper, output, settings, linkFailures);
    }

    /** A copy planned by another engine (for {@code --engine}). */
    public Scenario withEngine(String engine) {
        return withPlanning(new Planning(planning.slots(), planning.maxPlans(), engine, planning.policy(),
                planning.searchStepLimit(), planning.tieBreak()));
    }

    /** A copy with other planning settings (for {@code --tie-break}, {@code --search-step-limit}). */
    public Scenario withPlanning(Planning newPlanning) {
        return new Scenario(name, description, seed, topology, users, requestTypes, arrivals, booking, draws, newPlanning,
                bandwidthCounting, paper, output, settings, linkFailures);
    }

    public List<String> userNames() {
        return users.stream().map(User::name).toList();
    }

    /** The paper's figure for a mean interval, if the scenario states one. */
    public java.util.Optional<PaperFigure> paperFigure(int intervalMinutes) {
        return paper.stream().filter(p -> p.intervalMinutes() == intervalMinutes).findFirst();
    }

    /** A user; {@code service-level} is the share of each RM's free capacity they see in the service-level setting. */
    public record User(String name, @DefaultValue("1.0") double serviceLevel) {
        public User {
            Checks.text(name, "users[].name");
            if (!(serviceLevel > 0 && serviceLevel <= 1)) {
                throw new IllegalArgumentException("users[" + name + "].service-level must be in (0, 1], was " + serviceLevel);
            }
        }
    }

    /**
     * A request type: how many sites, which of them are linked ("1-2" joins sites 1 and 2), and its weight;
     * {@code complete} links every pair of its sites (instead of listing the links).
     */
    public record RequestType(String name, @DefaultValue("1") int weight, int sites, List<String> links,
                              @DefaultValue("false") boolean complete) {
        public RequestType {
            Checks.text(name, "request-types[].name");
            String where = "request-types[" + name + "]";
            if (weight < 1) {
                throw new IllegalArgumentException(where + ".weight must be a whole number of at least 1, was " + weight);
            }
            if (sites < 1) {
                throw new IllegalArgumentException(where + ".sites must be at least 1, was " + sites);
            }
            if (complete && links != null && !links.isEmpty()) {
                throw new IllegalArgumentException(where + ": complete: true links every pair; leave links out");
            }
            links = complete ? allPairs(sites) : links == null ? List.of() : List.copyOf(links);
            Set<String> seen = new HashSet<>();
            for (String link : links) {
                int[] ends = ends(link, sites, where);
                if (!seen.add(Math.min(ends[0], ends[1]) + "-" + Math.max(ends[0], ends[1]))) {
                    throw new IllegalArgumentException(where + ".links: " + link + " is listed twice");
                }
            }
        }

        private static List<String> allPairs(int sites) {
            List<String> out = new ArrayList<>();
            for (int a = 1; a <= sites; a++) {
                for (int b = a + 1; b <= sites; b++) {
                    out.add(a + "-" + b);
                }
            }
            return List.copyOf(out);
        }

        /** The links as pairs of 0-based site indices. */
        public List<int[]> linkPairs() {
            List<int[]> out = new ArrayList<>();
            for (String link : links) {
                int[] ends = ends(link, sites, name);
                out.add(new int[] {ends[0] - 1, ends[1] - 1});
            }
            return out;
        }

        private static int[] ends(String link, int sites, String where) {
            String[] parts = link == null ? new String[0] : link.strip().split("\\s*-\\s*");
            try {
                if (parts.length == 2) {
                    int a = Integer.parseInt(parts[0]);
                    int b = Integer.parseInt(parts[1]);
                    if (a >= 1 && b >= 1 && a <= sites && b <= sites && a != b) {
                        return new int[] {a, b};
                    }
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(where + ".links: \"" + link + "\" must name two different sites 1.." + sites
                    + " as \"a-b\"");
        }
    }

    /** How requests arrive: one Poisson stream per user or one for all users, at each mean interval. */
    public record Arrivals(Process process, List<Integer> intervalsMinutes, @DefaultValue("24") int hours,
                           @DefaultValue("true") boolean exactCount) {
        public enum Process { PER_USER, COMBINED }

        public Arrivals {
            Checks.present(process, "arrivals.process (PER_USER or COMBINED)");
            intervalsMinutes = Checks.positive(intervalsMinutes, "arrivals.intervals-minutes");
            if (hours < 1) {
                throw new IllegalArgumentException("arrivals.hours must be at least 1, was " + hours);
            }
        }
    }

    /**
     * Where the candidate slots lie, in each reading the evaluation runs: NEXT_DAY (the day after the arrivals) and
     * ROLLING (the hours after each arrival); the demand ratio's period is {@code hours} in both.
     */
    public record Booking(List<Mode> modes, @DefaultValue("24") int hours, @DefaultValue("3") double slackFactor) {
        public enum Mode { NEXT_DAY, ROLLING }

        public Booking {
            modes = Checks.nonEmpty(modes, "booking.modes (NEXT_DAY and/or ROLLING)");
            Checks.unique(modes.stream().map(Enum::name).toList(), "booking.modes");
            if (hours < 1) {
                throw new IllegalArgumentException("booking.hours must be at least 1, was " + hours);
            }
            if (!(slackFactor >= 0)) {
                throw new IllegalArgumentException("booking.slack-factor must not be negative, was " + slackFactor);
            }
        }

        /** LST − EST for a mean interval. */
        public Duration slack(int intervalMinutes) {
            return Duration.ofSeconds(Math.round(slackFactor * intervalMinutes * 60));
        }
    }

    /** The sets durations, cores per site and bandwidth per link are drawn from (uniformly). */
    public record Draws(List<Integer> durationsMinutes, List<Integer> coresPerSite, List<Integer> bandwidthMbps,
                        @DefaultValue("true") boolean balanced) {
        public Draws {
            durationsMinutes = Checks.positive(durationsMinutes, "draws.durations-minutes");
            coresPerSite = Checks.positive(coresPerSite, "draws.cores-per-site");
            bandwidthMbps = Checks.positive(bandwidthMbps, "draws.bandwidth-mbps");
        }
    }

    /**
     * The coordinator: N slots, ranked plans tried, planner engine and the users' policy; {@code search-step-limit}:
     * how many steps one slot's search may take (counted, so the limit is the same on any machine and under any
     * load; every slot it cuts is reported); {@code tie-break}: the order of the RMs, which decides between plans
     * of equal cost.
     */
    public record Planning(@DefaultValue("10") int slots, @DefaultValue("5") int maxPlans, @DefaultValue("fast-exact") String engine,
                           @DefaultValue("EARLIEST") Policy policy, @DefaultValue("1000000000000") long searchStepLimit,
                           @DefaultValue("RM_ORDER") TieBreak tieBreak) {
        public Planning {
            if (slots < 1) {
                throw new IllegalArgumentException("planning.slots must be at least 1, was " + slots);
            }
            if (maxPlans < 1) {
                throw new IllegalArgumentException("planning.max-plans must be at least 1, was " + maxPlans);
            }
            Checks.text(engine, "planning.engine");
            if (searchStepLimit < 1) {
                throw new IllegalArgumentException("planning.search-step-limit must be at least 1, was " + searchStepLimit);
            }
            Checks.present(tieBreak, "planning.tie-break (RM_ORDER or REVERSED_RM_ORDER)");
        }
    }

    /**
     * Between plans of equal cost the planner keeps the first it finds, and it tries sites in the order the RMs are
     * listed: RM_ORDER lists them as the topology does (JN1, JN2, ..., US3), REVERSED_RM_ORDER the other way round.
     */
    public enum TieBreak { RM_ORDER, REVERSED_RM_ORDER }

    /** A link (named as the topology names it, e.g. JN1--X1) down from one hour to another, counted from the first arrival. */
    public record LinkFailure(String link, double downAtHour, double upAtHour) {
        public LinkFailure {
            Checks.text(link, "link-failures[].link");
            if (!(downAtHour >= 0 && upAtHour > downAtHour)) {
                throw new IllegalArgumentException("link-failures[" + link + "]: need 0 <= down-at-hour < up-at-hour, was "
                        + downAtHour + " and " + upAtHour);
            }
        }
    }

    /**
     * How requested bandwidth is counted against the paths: a link inside a domain takes one path, a link between
     * domains two (one to an exchange point on each side); {@code inter-domain-share} of the links are taken to be
     * inter-domain (the paper: one to one, 0.5).
     */
    public record BandwidthCounting(@DefaultValue("0.5") double interDomainShare) {
        public BandwidthCounting {
            if (!(interDomainShare >= 0 && interDomainShare <= 1)) {
                throw new IllegalArgumentException("bandwidth-counting.inter-domain-share must be in [0, 1], was "
                        + interDomainShare);
            }
        }

        /** Path capacity one requested Mbps occupies, on average. */
        public double pathsPerLink() {
            return 1 + interDomainShare;
        }
    }

    /** A demand ratio the paper states, to print beside the measured one. */
    public record PaperFigure(int intervalMinutes, double cpu, double bandwidth) {
    }

    /** Output: the bucket width of the by-arrival table and the step of the cumulative curve. */
    public record Output(@DefaultValue("120") int bucketMinutes, @DefaultValue("10") int curveStepMinutes) {
        public Output {
            if (bucketMinutes < 1 || curveStepMinutes < 1) {
                throw new IllegalArgumentException("output.bucket-minutes and output.curve-step-minutes must be positive");
            }
        }
    }
}
