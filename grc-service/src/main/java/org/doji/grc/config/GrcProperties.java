package org.doji.grc.config;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Configuration of the GRC ({@code doji.grc.*}), validated at start-up.
 *
 * @param id             the GRC's name (also the caller name it uses towards RMs)
 * @param rms            the resource registry: every RM's id and RM port address
 * @param slots          N, the number of candidate start times tried over [EST, LST]
 * @param connectTimeout connection timeout of RM calls
 * @param rmTimeout      how long one RM call may take; an RM slower than this is left out
 * @param maxPlans       how many ranked plans to try to reserve before giving up
 * @param phaseTwoRetry  first back-off of phase-two retries (doubles, capped at one minute)
 * @param tickInterval   how often co-allocations are moved to Active/Completed by time
 * @param engine         the planner: an integer-programming engine (fast, ortools, glpk) or greedy
 * @param healthInterval how often every RM is described to refresh its health and description
 */
@ConfigurationProperties("doji.grc")
public record GrcProperties(
        @DefaultValue("grc") String id,
        List<Rm> rms,
        @DefaultValue("10") int slots,
        @DefaultValue("PT2S") Duration connectTimeout,
        @DefaultValue("PT10S") Duration rmTimeout,
        @DefaultValue("5") int maxPlans,
        @DefaultValue("PT0.2S") Duration phaseTwoRetry,
        @DefaultValue("PT1S") Duration tickInterval,
        @DefaultValue("fast") String engine,
        @DefaultValue("PT30S") Duration healthInterval) {

    public GrcProperties {
        rms = rms == null ? List.of() : List.copyOf(rms);
        Set<String> ids = new HashSet<>();
        for (Rm rm : rms) {
            if (!ids.add(rm.id())) {
                throw new IllegalArgumentException("doji.grc.rms: RM id " + rm.id() + " is listed twice");
            }
        }
        if (slots < 1 || slots > 1000) {
            throw new IllegalArgumentException("doji.grc.slots must be in 1..1000, was " + slots);
        }
        if (healthInterval == null || healthInterval.isNegative() || healthInterval.isZero()) {
            throw new IllegalArgumentException("doji.grc.health-interval must be positive");
        }
        if (maxPlans < 1) {
            throw new IllegalArgumentException("doji.grc.max-plans must be at least 1");
        }
    }

    /** One registered RM: its id and the address of its RM port (e.g. http://host:8081/services/rm). */
    public record Rm(String id, String url) {
        public Rm {
            if (id == null || id.isBlank()) {
                throw new IllegalArgumentException("doji.grc.rms[].id is required");
            }
            if (url == null || !(url.startsWith("http://") || url.startsWith("https://"))) {
                throw new IllegalArgumentException("doji.grc.rms[" + id + "].url must be an http(s) URL, was " + url);
            }
        }
    }
}
