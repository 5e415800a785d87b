package org.doji.grc.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.doji.contract.types.CandidateSite;
import org.doji.contract.types.CountableRequest;
import org.doji.contract.types.SiteRequest;
import org.doji.grc.planner.expr.ResourceExpression;
import org.doji.grc.planner.expr.ResourceExpressionException;
import org.doji.grc.planner.expr.ResourceExpressionMapper;
import org.doji.grc.planner.expr.ResourceExpressionParser;
import org.doji.grc.planner.model.RequestedSite;

/**
 * A resource expression to structured site and countable requests (DESIGN §2). Each {@code &} part is a requested
 * site (ids s1, s2, … in order, as the planner's mapper names them) or a countable resource: {@code A:n} pins a
 * site to A, {@code (A:n | B:m)} to one of A and B (n cores on A, m on B), and a name that is not a site of the GRC
 * ({@code Lic:5}) is a countable resource the GRC takes from the pool of an RM that offers it. Whether a name is a
 * site is known from the GRC's site list (listResourceManagers, asked only when an expression is given); without
 * it every name is taken as a site (the GRC then answers UNKNOWN_SITE for a name no RM manages).
 */
final class ExpressionSites {

    /** What an expression asks for: the requested sites and the countable resources. */
    record Mapped(List<SiteRequest> sites, List<CountableRequest> countables) {
    }

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

    Mapped map(String text) {
        try {
            ResourceExpression e = ResourceExpressionParser.parse(text);
            Set<String> knownSites = knownSites();
            Set<String> names = knownSites != null ? knownSites : allNames(e, new TreeSet<>());
            ResourceExpressionMapper.Mapping m = ResourceExpressionMapper.map(text, e, names);
            List<SiteRequest> out = new ArrayList<>();
            for (RequestedSite s : m.sites()) {
                SiteRequest x = Specs.site(s.id(), Specs.cores("--expr", s.cores()));
                s.candidates().stream().sorted().forEach(c -> {
                    CandidateSite candidate = Specs.candidate("--expr", c);
                    candidate.setCores(s.candidateCores().get(c));
                    x.getCandidate().add(candidate);
                });
                out.add(x);
            }
            List<CountableRequest> countables = new ArrayList<>();
            m.countables().forEach((name, amount) -> {
                CountableRequest c = new CountableRequest();
                c.setName(Specs.name("--expr", name));
                c.setAmount(amount);
                countables.add(c);
            });
            return new Mapped(out, countables);
        } catch (ResourceExpressionException ex) {
            throw CliException.badArguments("--expr: " + ex.getMessage());
        }
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
