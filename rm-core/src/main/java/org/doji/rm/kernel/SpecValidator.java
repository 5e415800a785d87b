package org.doji.rm.kernel;

import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.doji.rm.calendar.ReservationCalendar;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.CountableDemand;
import org.doji.rm.model.NetworkDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.spi.BackendInventory;

/** Checks a reservation spec against the clock and this RM's inventory before anything is booked. */
final class SpecValidator {

    private final RmSettings settings;
    private final org.doji.rm.model.TimePolicy time;

    SpecValidator(RmSettings settings) {
        this.settings = settings;
        this.time = settings.timePolicy();
    }

    /**
     * @param keptStart the start of the window being modified, or null for a new reservation: a window may keep
     *                  a start that has passed, but not move to one
     */
    void validate(ReservationSpec spec, ReservationCalendar calendar, Instant now, Instant keptStart) {
        if (spec.isEmpty()) {
            throw DojiException.invalidField("spec", "EMPTY_SPEC", "the reservation asks for no resources");
        }
        if (spec.window().start().equals(keptStart)) {
            time.check(spec.window().start(), spec.window().end(), now, "spec/window");
        } else {
            time.checkNew(spec.window().start(), spec.window().end(), now, "spec/window");
        }
        Set<String> sites = new HashSet<>();
        for (ComputeDemand c : spec.compute()) {
            if (!calendar.hasSite(c.site())) {
                throw new DojiException(FaultKind.UNKNOWN_RESOURCE, "UNKNOWN_SITE",
                        "site " + c.site() + " is not managed by " + settings.rmId());
            }
            if (c.cores() <= 0) {
                throw DojiException.invalidField("spec/compute/@cores", "CORES_NOT_POSITIVE",
                        "cores must be positive, was " + c.cores());
            }
            if (!sites.add(c.site())) {
                throw DojiException.invalidField("spec/compute/@site", "DUPLICATE_SITE",
                        "site " + c.site() + " appears twice; ask once with the total cores");
            }
        }
        Set<String> endpoints = new HashSet<>();
        calendar.inventory().endpoints().forEach(e -> endpoints.add(e.name()));
        for (NetworkDemand n : spec.network()) {
            for (String end : new String[] {n.from(), n.to()}) {
                if (!endpoints.contains(end)) {
                    throw new DojiException(FaultKind.UNKNOWN_RESOURCE, "UNKNOWN_ENDPOINT",
                            "endpoint " + end + " is not in the domain of " + settings.rmId());
                }
            }
            if (n.from().equals(n.to())) {
                throw DojiException.invalidField("spec/network", "SAME_ENDPOINTS", "a path needs two different endpoints");
            }
            if (n.bandwidthMbps() <= 0) {
                throw DojiException.invalidField("spec/network/@bandwidthMbps", "BANDWIDTH_NOT_POSITIVE",
                        "bandwidth must be positive, was " + n.bandwidthMbps());
            }
        }
        for (CountableDemand c : spec.countables()) {
            if (!calendar.hasCountable(c.name())) {
                throw new DojiException(FaultKind.UNKNOWN_RESOURCE, "UNKNOWN_COUNTABLE",
                        "countable resource " + c.name() + " is not managed by " + settings.rmId());
            }
            if (c.amount() <= 0) {
                throw DojiException.invalidField("spec/countable/@amount", "AMOUNT_NOT_POSITIVE",
                        "amount must be positive, was " + c.amount());
            }
        }
        for (String site : sites) {
            BackendInventory.ComputeSite s = calendar.inventory().sites().stream()
                    .filter(x -> x.name().equals(site)).findFirst().orElseThrow();
            spec.compute().stream().filter(c -> c.site().equals(site)).flatMap(c -> c.requirements().stream())
                    .filter(req -> !req.matches(s.attributes())).findFirst().ifPresent(req -> {
                        throw DojiException.unavailable("REQUIREMENT_NOT_MET", "site " + site + " does not satisfy "
                                + req.name() + (req.atLeast() ? " >= " : " = ") + req.value());
                    });
        }
    }
}
