package org.doji.grc.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.doji.contract.types.SiteRequest;
import org.doji.grc.planner.expr.ResourceExpression;
import org.doji.grc.planner.expr.ResourceExpressionException;
import org.doji.grc.planner.expr.ResourceExpressionMapper;
import org.doji.grc.planner.expr.ResourceExpressionParser;
import org.doji.grc.planner.model.RequestedSite;

/**
 * A resource expression to structured site requests, parsed here because the GRC's contract mapping does
 * not take the raw expression yet. Each {@code &} part is a requested site (ids s1, s2, … in order, as the
 * planner's mapper names them): {@code A:n} pins it to A, {@code (A:n | B:n)} to one of A and B.
 * Countable resources ({@code Lic:5}) are refused: the GRC port does not take them yet. Whether a name is
 * a site or a countable is known from the GRC's site list (listResourceManagers, asked only when an
 * expression is given); without it every name is taken as a site (the GRC then answers UNKNOWN_SITE for
 * a name no RM manages).
 */
final class ExpressionSites {

    private final Supplier<Set<String>> siteList;
    private Set<String> sites;
    private boolean asked;

    ExpressionSites(Supplier<Set<String>> siteList) {
        this.siteList = siteList;
    }

    /** The GRC's sites, asked for once. */
    private Set<String> knownSites() {
        if (!asked) {
            sites = siteList.get();
            asked = true;
        }
        return sites;
    }

    List<SiteRequest> sites(String text) {
        try {
            ResourceExpression e = ResourceExpressionParser.parse(text);
            Set<String> knownSites = knownSites();
            Set<String> names = knownSites != null ? knownSites : allNames(e, new TreeSet<>());
            ResourceExpressionMapper.Mapping m = ResourceExpressionMapper.map(text, e, names);
            if (!m.countables().isEmpty()) {
                throw CliException.badArguments("--expr: countable resources are not supported by the GRC port yet: "
                        + countables(m.countables()) + (knownSites == null ? ""
                        : " (not a site of the GRC, whose sites are: " + String.join(", ", new TreeSet<>(knownSites)) + ")"));
            }
            List<SiteRequest> out = new ArrayList<>();
            for (RequestedSite s : m.sites()) {
                SiteRequest x = Specs.site(s.id(), Specs.cores("--expr", s.cores()));
                s.candidates().stream().sorted().forEach(c -> x.getCandidate().add(Specs.name("--expr", c)));
                out.add(x);
            }
            return out;
        } catch (ResourceExpressionException ex) {
            throw CliException.badArguments("--expr: " + ex.getMessage());
        }
    }

    private static String countables(Map<String, Long> countables) {
        List<String> parts = new ArrayList<>();
        countables.forEach((name, amount) -> parts.add(name + ":" + amount));
        return String.join(", ", parts);
    }

    private static Set<String> allNames(ResourceExpression e, Set<String> out) {
        if (e instanceof ResourceExpression.Amount a) {
            out.add(a.name());
        } else if (e instanceof ResourceExpression.And and) {
            and.parts().forEach(p -> allNames(p, out));
        } else if (e instanceof ResourceExpression.Or or) {
            or.parts().forEach(p -> allNames(p, out));
        }
        return out;
    }
}
