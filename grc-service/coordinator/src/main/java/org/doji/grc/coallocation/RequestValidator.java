package org.doji.grc.coallocation;

import java.time.Clock;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.doji.grc.model.CoRequest;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.TimePolicy;

/** Checks a co-allocation request before anything is stored: times, sites, links, known resources. */
public class RequestValidator {

    private final Clock clock;
    private final TimePolicy time;

    public RequestValidator(Clock clock) {
        this(clock, TimePolicy.DEFAULT);
    }

    public RequestValidator(Clock clock, TimePolicy time) {
        this.clock = clock;
        this.time = time;
    }

    /** A new request (create, plan). */
    public void validate(CoRequest r, List<String> knownSites) {
        validate(r, knownSites, null);
    }

    /**
     * @param keptStart the earliest start of the request being modified, or null for a new one: a modification
     *                  may keep a start that has passed, but not move to one
     */
    public void validate(CoRequest r, List<String> knownSites, Instant keptStart) {
        CoRequest.Time t = r.time();
        if (t.duration() == null || t.duration().isZero() || t.duration().isNegative()) {
            throw DojiException.invalidField(t.fixed() ? "time/fixed/end" : "time/flexible/duration",
                    t.fixed() ? "END_NOT_AFTER_START" : "DURATION_NOT_POSITIVE",
                    t.fixed() ? "the window's end must be after its start" : "the duration must be positive, was " + t.duration());
        }
        if (t.latestStart().isBefore(t.earliestStart())) {
            throw DojiException.invalidField("time/flexible/latestStart", "LATEST_BEFORE_EARLIEST",
                    "latestStart " + t.latestStart() + " is before earliestStart " + t.earliestStart());
        }
        // the time rule every RM applies too, to the earliest and the latest slot
        Instant now = clock.instant();
        String field = t.fixed() ? "time/fixed" : "time/flexible";
        if (!t.earliestStart().equals(keptStart)) {
            time.checkNew(t.earliestStart(), t.earliestStart().plus(t.duration()), now, field);
        }
        time.check(t.latestStart(), t.deadline(), now, field);
        if (r.sites().isEmpty()) {
            throw DojiException.invalidField("site", "NO_SITES", "at least one site is required");
        }
        Set<String> ids = new HashSet<>();
        Set<String> known = new HashSet<>(knownSites);
        for (CoRequest.Site s : r.sites()) {
            if (!ids.add(s.id())) {
                throw DojiException.invalidField("site/@id", "DUPLICATE_SITE_ID", "site id " + s.id() + " is used twice");
            }
            if (s.cores() <= 0) {
                throw DojiException.invalidField("site/@cores", "CORES_NOT_POSITIVE", "site " + s.id() + " asks for "
                        + s.cores() + " cores");
            }
            for (var c : s.candidateCores().entrySet()) {
                if (!s.candidates().contains(c.getKey()) || c.getValue() <= 0) {
                    throw DojiException.invalidField("site/candidate/@cores", "CORES_NOT_POSITIVE", "site " + s.id()
                            + " asks for " + c.getValue() + " cores on candidate " + c.getKey());
                }
            }
            for (String candidate : s.candidates()) {
                if (!known.contains(candidate)) {
                    throw new DojiException(FaultKind.UNKNOWN_RESOURCE, "UNKNOWN_SITE", "site " + s.id()
                            + " is pinned to " + candidate + ", which no registered RM manages", candidate, List.of());
                }
            }
        }
        java.util.Map<String, Long> countables = new java.util.HashMap<>();
        for (org.doji.rm.model.CountableDemand c : r.countables()) {
            long before = countables.getOrDefault(c.name(), 0L);
            if (c.amount() <= 0 || before > Long.MAX_VALUE - c.amount()) {
                throw DojiException.invalidField("countable/@amount", "AMOUNT_OUT_OF_RANGE", "countable " + c.name()
                        + " asks for " + (c.amount() <= 0 ? c.amount() : "more than " + Long.MAX_VALUE) + " units");
            }
            countables.put(c.name(), before + c.amount());
        }
        Set<String> pairs = new HashSet<>();
        for (CoRequest.Link l : r.links()) {
            if (!ids.contains(l.from()) || !ids.contains(l.to())) {
                throw DojiException.invalidField("link", "LINK_TO_UNDECLARED_SITE", "link " + l.from() + " -> " + l.to()
                        + " names a site that is not in the request");
            }
            if (l.from().equals(l.to())) {
                throw DojiException.invalidField("link", "SELF_LINK", "link " + l.from() + " -> " + l.to() + " joins a site to itself");
            }
            String pair = l.from().compareTo(l.to()) < 0 ? l.from() + "|" + l.to() : l.to() + "|" + l.from();
            if (!pairs.add(pair)) {
                throw DojiException.invalidField("link", "DUPLICATE_LINK", "sites " + l.from() + " and " + l.to()
                        + " are linked twice");
            }
            if (l.bandwidthMbps() < 0) {
                throw DojiException.invalidField("link/@bandwidthMbps", "BANDWIDTH_NEGATIVE", "bandwidth must not be negative");
            }
        }
    }
}
