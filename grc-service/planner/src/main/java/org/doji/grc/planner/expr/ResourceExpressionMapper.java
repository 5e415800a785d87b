package org.doji.grc.planner.expr;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.doji.grc.planner.model.RequestedSite;

/**
 * Maps a parsed expression onto the planner's request model (DESIGN §2): the top level is a
 * conjunction; a site name becomes a requested site pinned to it, an alternative of sites
 * {@code (A:n | B:n)} a requested site whose candidates are those sites (a restriction of the
 * x variables), and any other name a countable resource (an extra capacity row).
 */
public final class ResourceExpressionMapper {
    /** Requested sites (ids s1, s2, … in expression order) and countables. */
    public record Mapping(List<RequestedSite> sites, Map<String, Long> countables) {
    }

    private ResourceExpressionMapper() {
    }

    public static Mapping map(String text, Set<String> siteNames) {
        return map(text, ResourceExpressionParser.parse(text), siteNames);
    }

    public static Mapping map(String text, ResourceExpression e, Set<String> siteNames) {
        List<ResourceExpression> conjuncts = new ArrayList<>();
        flattenAnd(e, conjuncts);
        List<RequestedSite> sites = new ArrayList<>();
        Map<String, Long> countables = new TreeMap<>();
        for (ResourceExpression c : conjuncts) {
            if (c instanceof ResourceExpression.Amount a) {
                if (siteNames.contains(a.name())) {
                    sites.add(site(text, sites.size(), a.amount(), Set.of(a.name()), a.position()));
                } else {
                    countables.merge(a.name(), a.amount(), Math::addExact);
                }
            } else {
                sites.add(alternative(text, (ResourceExpression.Or) c, siteNames, sites.size()));
            }
        }
        return new Mapping(sites, countables);
    }

    private static void flattenAnd(ResourceExpression e, List<ResourceExpression> out) {
        if (e instanceof ResourceExpression.And and) {
            and.parts().forEach(p -> flattenAnd(p, out));
        } else {
            out.add(e);
        }
    }

    private static void flattenOr(ResourceExpression e, List<ResourceExpression> out) {
        if (e instanceof ResourceExpression.Or or) {
            or.parts().forEach(p -> flattenOr(p, out));
        } else {
            out.add(e);
        }
    }

    /** {@code (A:8 | B:12)}: one requested site whose candidates are A and B, with 8 cores on A and 12 on B. */
    private static RequestedSite alternative(String text, ResourceExpression.Or or, Set<String> siteNames, int n) {
        List<ResourceExpression> alts = new ArrayList<>();
        flattenOr(or, alts);
        Map<String, Long> coresOf = new LinkedHashMap<>();
        for (ResourceExpression alt : alts) {
            if (!(alt instanceof ResourceExpression.Amount a)) {
                throw new ResourceExpressionException(text, alt.position(), "a single site:cores as an alternative",
                        "a combination ('&')");
            }
            if (!siteNames.contains(a.name())) {
                throw new ResourceExpressionException(text, a.position(), "a known site name in an alternative",
                        "'" + a.name() + "'");
            }
            if (coresOf.putIfAbsent(a.name(), cores(text, a.amount(), a.position())) != null) {
                throw new ResourceExpressionException(text, a.position(), "each site once in an alternative",
                        "'" + a.name() + "' again");
            }
        }
        long first = coresOf.values().iterator().next();
        Map<String, Integer> differing = new LinkedHashMap<>();
        coresOf.forEach((site, cores) -> {
            if (cores != first) {
                differing.put(site, (int) (long) cores);
            }
        });
        return new RequestedSite("s" + (n + 1), (int) first, coresOf.keySet(), List.of(), differing);
    }

    private static RequestedSite site(String text, int n, long cores, Set<String> candidates, int position) {
        return new RequestedSite("s" + (n + 1), (int) cores(text, cores, position), candidates, List.of());
    }

    private static long cores(String text, long cores, int position) {
        if (cores > Integer.MAX_VALUE) {
            throw new ResourceExpressionException(text, position, "a core count below 2^31", Long.toString(cores));
        }
        return cores;
    }
}
