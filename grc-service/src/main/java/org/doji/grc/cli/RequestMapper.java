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
import java.util.regex.Pattern;
import org.doji.contract.types.Attribute;
import org.doji.contract.types.AttributeMatch;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.FlexibleWindow;
import org.doji.contract.types.LinkRequest;
import org.doji.contract.types.SiteRequest;
import org.doji.contract.types.TimeConstraint;
import org.doji.contract.types.TimeWindow;

/**
 * {@link RequestOptions} to the contract's {@link CoAllocationRequest}, with the checks that can be made
 * before any call (every failure is a {@link CliException} with exit code 2 naming the option).
 */
public final class RequestMapper {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.:@\\-]{0,63}");
    private static final int MAX_CORES = 1_000_000;

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
        r.getSite().addAll(sites(o));
        r.getLink().addAll(links(o, r.getSite()));
        r.setTime(time(o));
        r.setPolicy(o.policy);
        r.setDescription(o.description);
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
        r.getSite().addAll(o.hasSites() ? sites(o) : current.getSite());
        r.getLink().addAll(o.hasSites() || o.hasLinks() ? links(o, r.getSite()) : current.getLink());
        r.setTime(o.hasTime() ? time(o) : current.getTime());
        r.setPolicy(o.policy != null ? o.policy : current.getPolicy());
        r.setDescription(o.description != null ? o.description : current.getDescription());
        r.getAdditionalUser().addAll(o.additionalUsers.isEmpty() ? current.getAdditionalUser() : users(o));
        r.getCountable().addAll(current.getCountable());
        return r;
    }

    /**
     * The checks of a modification that need no current request (run before any call): something is
     * changed, and the sites and time given are well-formed.
     */
    public void checkModifiable(RequestOptions o) {
        if (!o.hasSites() && !o.hasLinks() && !o.hasTime() && o.policy == null && o.description == null
                && o.additionalUsers.isEmpty()) {
            throw CliException.badArguments("nothing to modify: give new sites, links, time, --policy, "
                    + "--description or --also");
        }
        if (o.hasSites()) {
            links(o, sites(o));
        }
        if (o.hasTime()) {
            time(o);
        }
        users(o);
    }

    private List<SiteRequest> sites(RequestOptions o) {
        int forms = (o.sites.isEmpty() ? 0 : 1) + (o.siteCount != null || o.cores != null ? 1 : 0)
                + (o.expression != null ? 1 : 0);
        if (forms > 1) {
            throw CliException.badArguments("give the sites one way only: --site, --sites/--cores, or --expr");
        }
        List<SiteRequest> out = new ArrayList<>();
        if (o.expression != null) {
            out.addAll(expressions.sites(o.expression));
        } else if (o.siteCount != null || o.cores != null) {
            if (o.siteCount == null || o.cores == null) {
                throw CliException.badArguments("--sites N and --cores C go together");
            }
            if (o.siteCount < 1 || o.siteCount > 64) {
                throw CliException.badArguments("--sites: between 1 and 64 sites, was " + o.siteCount);
            }
            for (int i = 1; i <= o.siteCount; i++) {
                out.add(site("s" + i, cores("--cores", o.cores)));
            }
        } else {
            for (String spec : o.sites) {
                out.add(siteSpec(spec));
            }
        }
        Set<String> ids = new HashSet<>();
        for (SiteRequest s : out) {
            if (!ids.add(s.getId())) {
                throw CliException.badArguments("--site: site id '" + s.getId() + "' is used twice");
            }
        }
        return out;
    }

    /** {@code ID:CORES[:attr=value,attr>=number,at=SITE|SITE]}. */
    static SiteRequest siteSpec(String spec) {
        String[] parts = spec.split(":", 3);
        if (parts.length < 2 || parts[0].isBlank() || parts[1].isBlank()) {
            throw CliException.badArguments("--site '" + spec + "': expected ID:CORES[:attr=value,...], e.g. a:8 or "
                    + "a:8:os=linux,at=SITE_A");
        }
        SiteRequest s = site(name("--site", parts[0].trim()), cores("--site '" + spec + "'", integer("--site '" + spec + "'", parts[1])));
        if (parts.length == 3) {
            for (String req : parts[2].split(",")) {
                requirement(spec, req.trim(), s);
            }
        }
        return s;
    }

    private static void requirement(String spec, String req, SiteRequest s) {
        if (req.isEmpty()) {
            return;
        }
        boolean atLeast = req.contains(">=");
        int at = atLeast ? req.indexOf(">=") : req.indexOf('=');
        if (at <= 0 || at == req.length() - (atLeast ? 2 : 1)) {
            throw CliException.badArguments("--site '" + spec + "': requirement '" + req + "' is not attr=value, "
                    + "attr>=number or at=SITE");
        }
        String key = req.substring(0, at).trim();
        String value = req.substring(at + (atLeast ? 2 : 1)).trim();
        if (key.equals("at") && !atLeast) {
            for (String candidate : value.split("[|/]")) {
                s.getCandidate().add(name("--site '" + spec + "' at=", candidate.trim()));
            }
            return;
        }
        if (atLeast) {
            try {
                Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw CliException.badArguments("--site '" + spec + "': " + key + ">= needs a number, was '" + value + "'");
            }
        }
        Attribute a = new Attribute();
        a.setName(name("--site '" + spec + "' attribute", key));
        a.setValue(value);
        a.setMatch(atLeast ? AttributeMatch.AT_LEAST : null);
        s.getRequirement().add(a);
    }

    private List<LinkRequest> links(RequestOptions o, List<SiteRequest> sites) {
        List<String> ids = sites.stream().map(SiteRequest::getId).toList();
        List<LinkRequest> out = new ArrayList<>();
        Set<String> pairs = new HashSet<>();
        for (String spec : o.links) {
            add(out, pairs, linkSpec(spec, ids), "--link '" + spec + "'");
        }
        if (o.mesh != null) {
            if (o.mesh < 0) {
                throw CliException.badArguments("--mesh: bandwidth must not be negative, was " + o.mesh);
            }
            for (int i = 0; i < ids.size(); i++) {
                for (int j = i + 1; j < ids.size(); j++) {
                    if (!pairs.contains(pair(ids.get(i), ids.get(j)))) {
                        add(out, pairs, link(ids.get(i), ids.get(j), o.mesh, null), "--mesh");
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

    /** {@code A-B:MBPS[:LATENCY_MS]}; ids may contain '-', so the split is the one naming two declared sites. */
    static LinkRequest linkSpec(String spec, List<String> ids) {
        String option = "--link '" + spec + "'";
        String[] parts = spec.split(":");
        if (parts.length < 2 || parts.length > 3) {
            throw CliException.badArguments(option + ": expected A-B:MBPS[:LATENCY_MS], e.g. a-b:1000 or a-b:1000:20");
        }
        String ends = parts[0].trim();
        List<String[]> splits = new ArrayList<>();
        for (int i = ends.indexOf('-'); i > 0; i = ends.indexOf('-', i + 1)) {
            String a = ends.substring(0, i);
            String b = ends.substring(i + 1);
            if (ids.contains(a) && ids.contains(b)) {
                splits.add(new String[] {a, b});
            }
        }
        if (splits.size() != 1) {
            throw CliException.badArguments(option + ": '" + ends + "' must name two requested sites as A-B "
                    + (splits.isEmpty() ? "(the sites are: " + String.join(", ", ids) + ")" : "unambiguously"));
        }
        String a = splits.get(0)[0];
        String b = splits.get(0)[1];
        if (a.equals(b)) {
            throw CliException.badArguments(option + ": a link joins two different sites");
        }
        int mbps = integer(option + " bandwidth", parts[1]);
        if (mbps < 0) {
            throw CliException.badArguments(option + ": bandwidth must not be negative");
        }
        Double latency = null;
        if (parts.length == 3) {
            String t = parts[2].trim().replaceFirst("ms$", "");
            try {
                latency = Double.parseDouble(t);
            } catch (NumberFormatException e) {
                throw CliException.badArguments(option + ": latency '" + parts[2] + "' is not a number of milliseconds");
            }
            if (latency < 0) {
                throw CliException.badArguments(option + ": latency must not be negative");
            }
        }
        return link(a, b, mbps, latency);
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
        return new ArrayList<>(new LinkedHashSet<>(o.additionalUsers.stream().map(u -> name("--also", u)).toList()));
    }

    static SiteRequest site(String id, int cores) {
        SiteRequest s = new SiteRequest();
        s.setId(id);
        s.setCores(cores);
        return s;
    }

    private static LinkRequest link(String a, String b, int mbps, Double latency) {
        LinkRequest l = new LinkRequest();
        l.setFrom(a);
        l.setTo(b);
        l.setBandwidthMbps(mbps);
        l.setMaxLatencyMs(latency);
        return l;
    }

    static int cores(String option, long cores) {
        if (cores < 1 || cores > MAX_CORES) {
            throw CliException.badArguments(option + ": cores must be between 1 and " + MAX_CORES + ", was " + cores);
        }
        return (int) cores;
    }

    static String name(String option, String name) {
        if (!NAME.matcher(name).matches()) {
            throw CliException.badArguments(option + ": '" + name + "' is not a valid name (letters, digits, _ . : @ -, "
                    + "at most 64 characters)");
        }
        return name;
    }

    private static int integer(String option, String text) {
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw CliException.badArguments(option + ": '" + text + "' is not a whole number");
        }
    }
}
