package org.doji.grc.soap;

import java.time.Duration;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.contract.types.CandidateSite;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.SiteRequest;
import org.doji.contract.types.TimeConstraint;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.CountableDemand;
import org.doji.rm.soap.FromContract;

/** The contract's co-allocation request to the GRC's domain model. */
public final class GrcFromContract {

    private GrcFromContract() {
    }

    /** Co-allocation states as the contract names them (null: none). */
    public static Set<CoAllocationState> states(List<org.doji.contract.types.CoAllocationState> states) {
        Set<CoAllocationState> out = EnumSet.noneOf(CoAllocationState.class);
        if (states != null) {
            states.forEach(s -> out.add(CoAllocationState.valueOf(s.value())));
        }
        return out;
    }

    public static CoRequest request(CoAllocationRequest r) {
        if (r == null) {
            throw DojiException.invalidField("request", "REQUEST_MISSING", "a co-allocation request is required");
        }
        if (r.getResourceExpression() != null && !r.getResourceExpression().isBlank()) {
            throw DojiException.invalidField("request/resourceExpression", "RESOURCE_EXPRESSION_UNSUPPORTED",
                    "resource expressions are not accepted by this GRC yet; list the sites instead");
        }
        return new CoRequest(
                r.getSite().stream().map(GrcFromContract::site).toList(),
                r.getLink().stream().map(l -> new CoRequest.Link(l.getFrom(), l.getTo(), l.getBandwidthMbps(),
                        l.getMaxLatencyMs())).toList(),
                r.getCountable().stream().map(c -> new CountableDemand(c.getName(), c.getAmount())).toList(),
                time(r.getTime()),
                r.getPolicy() == null ? Policy.CHEAPEST : Policy.valueOf(r.getPolicy().value()),
                r.getAdditionalUser(), null, r.getDescription(), r.getPathPolicy());
    }

    private static CoRequest.Site site(SiteRequest s) {
        Set<String> candidates = new HashSet<>();
        Map<String, Integer> cores = new HashMap<>();
        for (CandidateSite c : s.getCandidate()) {
            String name = c == null ? null : c.getValue();
            if (name == null || name.isBlank()) {
                throw DojiException.invalidField("request/site/candidate", "CANDIDATE_MISSING",
                        "a candidate of requested site " + s.getId() + " names no site");
            }
            if (!candidates.add(name)) {
                throw DojiException.invalidField("request/site/candidate", "DUPLICATE_CANDIDATE",
                        "requested site " + s.getId() + " names candidate " + name + " twice");
            }
            if (c.getCores() != null) {
                cores.put(name, c.getCores());
            }
        }
        return new CoRequest.Site(s.getId(), s.getCores(), candidates,
                s.getRequirement().stream().map(FromContract::requirement).toList(), cores);
    }

    private static CoRequest.Time time(TimeConstraint t) {
        if (t == null || (t.getFixed() == null && t.getFlexible() == null)) {
            throw DojiException.invalidField("request/time", "TIME_MISSING", "a fixed window or a flexible window is required");
        }
        if (t.getFixed() != null) {
            var f = t.getFixed();
            if (f.getStart() == null || f.getEnd() == null) {
                throw DojiException.invalidField("request/time/fixed", "WINDOW_MISSING", "a fixed window needs start and end");
            }
            if (!f.getEnd().isAfter(f.getStart())) {
                throw DojiException.invalidField("request/time/fixed/end", "END_NOT_AFTER_START",
                        "end " + f.getEnd() + " is not after start " + f.getStart());
            }
            return new CoRequest.Time(f.getStart(), f.getStart(), Duration.between(f.getStart(), f.getEnd()), true);
        }
        var f = t.getFlexible();
        if (f.getEarliestStart() == null || f.getLatestStart() == null || f.getDuration() == null) {
            throw DojiException.invalidField("request/time/flexible", "WINDOW_MISSING",
                    "a flexible window needs earliestStart, latestStart and duration");
        }
        return new CoRequest.Time(f.getEarliestStart(), f.getLatestStart(), f.getDuration(), false);
    }
}
