package org.doji.grc.cli;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.FlexibleWindow;
import org.doji.contract.types.CountableRequest;
import org.doji.contract.types.LinkRequest;
import org.doji.contract.types.SiteRequest;
import org.doji.contract.types.TimeConstraint;
import org.doji.contract.types.TimeWindow;

/**
 * {@link RequestOptions} to the contract's {@link CoAllocationRequest}, with the checks that can be made
 * before any call (every failure is a {@link CliException} with exit code 2 naming the option).
 */
public final class RequestMapper {

    private final Clock clock;
    private final ExpressionSites expressions;

    /**
     * @param knownSites the GRC's site names, asked for only when an expression is mapped (they tell sites
     *                   from countables); the supplier may answer null when they cannot be known
     */
    public RequestMapper(Clock clock, Supplier<Set<String>> knownSites) {
        this.clock = clock;
        this.expressions = new ExpressionSites(knownSites);
    }

    /** A complete request: sites and time are required. */
    public CoAllocationRequest request(RequestOptions o) {
        if (!o.hasSites()) {
            throw CliException.badArguments("no sites: give --site ID:CORES (repeatable), --sites N --cores C, "
                    + "or --expr EXPRESSION");
        }
        if (!o.hasTime()) {
            throw CliException.badArguments("no time: give --start and --end (or --duration), "
                    + "or --est, --lst and --duration");
        }
        CoAllocationRequest r = new CoAllocationRequest();
        ExpressionSites.Mapped asked = sites(o);
        r.getSite().addAll(asked.sites());
        r.getLink().addAll(links(o, r.getSite()));
        r.getCountable().addAll(asked.countables());
        r.setTime(time(o));
        r.setPolicy(o.policy);
        r.setDescription(o.description);
        r.setPathPolicy(pathPolicy(o));
        r.getAdditionalUser().addAll(users(o));
        return r;
    }

    /**
     * The request of {@code current} with the parts the options give replaced (modify): sites (and with
     * them the links), links, time, policy, description, additional users.
     */
    public CoAllocationRequest modified(CoAllocationRequest current, RequestOptions o) {
        checkModifiable(o);
        CoAllocationRequest r = new CoAllocationRequest();
        ExpressionSites.Mapped asked = o.hasSites() ? sites(o) : null;
        r.getSite().addAll(asked != null ? asked.sites() : current.getSite());
        r.getLink().addAll(o.hasSites() || o.hasLinks() ? links(o, r.getSite()) : current.getLink());
        r.setTime(o.hasTime() ? time(o) : current.getTime());
        r.setPolicy(o.policy != null ? o.policy : current.getPolicy());
        r.setDescription(o.description != null ? o.description : current.getDescription());
        r.setPathPolicy(o.pathPolicy != null ? pathPolicy(o) : current.getPathPolicy());
        r.getAdditionalUser().addAll(o.additionalUsers.isEmpty() ? current.getAdditionalUser() : users(o));
        // an expression says every countable the request needs; other ways of giving sites keep the current ones
        r.getCountable().addAll(o.expression != null ? asked.countables() : current.getCountable());
        return r;
    }

    /**
     * The checks of a modification that need no current request (run before any call): something is
     * changed, and the sites and time given are well-formed.
     */
    public void checkModifiable(RequestOptions o) {
        if (!o.hasSites() && !o.hasLinks() && !o.hasTime() && o.policy == null && o.description == null
                && o.additionalUsers.isEmpty() && o.pathPolicy == null) {
            throw CliException.badArguments("nothing to modify: give new sites, links, time, --policy, "
                    + "--path-policy, --description or --also");
        }
        pathPolicy(o);
        if (o.hasSites()) {
            links(o, sites(o).sites());
        }
        if (o.hasTime()) {
            time(o);
        }
        users(o);
    }

    private static String pathPolicy(RequestOptions o) {
        return o.pathPolicy == null ? null : Specs.name("--path-policy", o.pathPolicy);
    }

    /** The requested sites, and the countables when they come from an expression. */
    private ExpressionSites.Mapped sites(RequestOptions o) {
        int forms = (o.sites.isEmpty() ? 0 : 1) + (o.siteCount != null || o.cores != null ? 1 : 0)
                + (o.expression != null ? 1 : 0);
        if (forms > 1) {
            throw CliException.badArguments("give the sites one way only: --site, --sites/--cores, or --expr");
        }
        List<SiteRequest> out = new ArrayList<>();
        List<CountableRequest> countables = List.of();
        if (o.expression != null) {
            ExpressionSites.Mapped m = expressions.map(o.expression);
            out.addAll(m.sites());
            countables = m.countables();
        } else if (o.siteCount != null || o.cores != null) {
            if (o.siteCount == null || o.cores == null) {
                throw CliException.badArguments("--sites N and --cores C go together");
            }
            if (o.siteCount < 1 || o.siteCount > 64) {
                throw CliException.badArguments("--sites: between 1 and 64 sites, was " + o.siteCount);
            }
            for (int i = 1; i <= o.siteCount; i++) {
                out.add(Specs.site("s" + i, Specs.cores("--cores", o.cores)));
            }
        } else {
            for (String spec : o.sites) {
                out.add(Specs.siteSpec(spec));
            }
        }
        Set<String> ids = new HashSet<>();
        for (SiteRequest s : out) {
            if (!ids.add(s.getId())) {
                throw CliException.badArguments("--site: site id '" + s.getId() + "' is used twice");
            }
        }
        return new ExpressionSites.Mapped(out, countables);
    }

    private List<LinkRequest> links(RequestOptions o, List<SiteRequest> sites) {
        List<String> ids = sites.stream().map(SiteRequest::getId).toList();
        List<LinkRequest> out = new ArrayList<>();
        Set<String> pairs = new HashSet<>();
        for (String spec : o.links) {
            add(out, pairs, Specs.linkSpec(spec, ids), "--link '" + spec + "'");
        }
        if (o.mesh != null) {
            if (o.mesh < 0) {
                throw CliException.badArguments("--mesh: bandwidth must not be negative, was " + o.mesh);
            }
            for (int i = 0; i < ids.size(); i++) {
                for (int j = i + 1; j < ids.size(); j++) {
                    if (!pairs.contains(pair(ids.get(i), ids.get(j)))) {
                        add(out, pairs, Specs.link(ids.get(i), ids.get(j), o.mesh, null), "--mesh");
                    }
                }
            }
        }
        return out;
    }

    private static void add(List<LinkRequest> out, Set<String> pairs, LinkRequest l, String option) {
        if (!pairs.add(pair(l.getFrom(), l.getTo()))) {
            throw CliException.badArguments(option + ": sites " + l.getFrom() + " and " + l.getTo() + " are linked twice");
        }
        out.add(l);
    }

    private static String pair(String a, String b) {
        return a.compareTo(b) < 0 ? a + "|" + b : b + "|" + a;
    }

    private TimeConstraint time(RequestOptions o) {
        boolean fixed = o.start != null || o.end != null;
        boolean flexible = o.earliestStart != null || o.latestStart != null;
        TimeConstraint t = new TimeConstraint();
        if (fixed && flexible) {
            throw CliException.badArguments("give either --start/--end (a fixed window) or --est/--lst (a flexible one), "
                    + "not both");
        }
        if (fixed) {
            if (o.start == null) {
                throw CliException.badArguments("--end needs --start");
            }
            Instant start = TimeArgs.instant("--start", o.start, clock);
            if (o.end != null && o.duration != null) {
                throw CliException.badArguments("give --end or --duration, not both");
            }
            if (o.end == null && o.duration == null) {
                throw CliException.badArguments("--start needs --end or --duration");
            }
            Instant end = o.end != null ? TimeArgs.instant("--end", o.end, clock)
                    : start.plus(TimeArgs.duration("--duration", o.duration));
            if (!end.isAfter(start)) {
                throw CliException.badArguments("--end " + end + " is not after --start " + start);
            }
            TimeWindow w = new TimeWindow();
            w.setStart(start);
            w.setEnd(end);
            t.setFixed(w);
            return t;
        }
        if (o.earliestStart == null) {
            throw CliException.badArguments(o.latestStart != null ? "--lst needs --est"
                    : "--duration needs --start or --est");
        }
        if (o.duration == null) {
            throw CliException.badArguments("a flexible window needs --duration");
        }
        Instant est = TimeArgs.instant("--est", o.earliestStart, clock);
        Instant lst = o.latestStart == null ? est : TimeArgs.instant("--lst", o.latestStart, clock);
        Duration d = TimeArgs.duration("--duration", o.duration);
        if (lst.isBefore(est)) {
            throw CliException.badArguments("--lst " + lst + " is before --est " + est);
        }
        FlexibleWindow f = new FlexibleWindow();
        f.setEarliestStart(est);
        f.setLatestStart(lst);
        f.setDuration(d);
        t.setFlexible(f);
        return t;
    }

    private static List<String> users(RequestOptions o) {
        return new ArrayList<>(new LinkedHashSet<>(o.additionalUsers.stream().map(u -> Specs.name("--also", u)).toList()));
    }

}
