package org.doji.grc.config;

import java.util.Map;
import org.doji.grc.planner.model.AdminPolicy;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The administrator's planning policies of DESIGN §3 ({@code doji.grc.admin.*}), validated at start-up. Service
 * levels (C) are per user, in the users' configuration ({@code doji.security.users[].service-level}).
 *
 * @param loadSpreadWeight (A) weight of the utilisation-share penalty that spreads load over the RMs: placing rc
 *                         cores on a site with wc free adds {@code weight·rc/wc} to a plan's cost (the same per hop
 *                         for bandwidth); 0 (the default) plans by price alone
 * @param preferences      (B) a factor on the unit price of a resource, by site name, path id
 *                         ({@code <nrm id>:<from>--<to>}, in brackets in a property name:
 *                         {@code doji.grc.admin.preferences[nrm-a:A1--X1]=2}) or RM id (a site or path's own
 *                         factor wins over its RM's): below 1 prefers it, above 1 avoids it; a resource not named
 *                         keeps factor 1
 */
@ConfigurationProperties("doji.grc.admin")
public record AdminProperties(@DefaultValue("0") double loadSpreadWeight, Map<String, Double> preferences) {

    /** Far beyond any useful weight: a typing error rather than a policy. */
    private static final double LARGEST = 1_000_000;

    public AdminProperties {
        if (!(loadSpreadWeight >= 0 && loadSpreadWeight <= LARGEST)) {
            throw new IllegalArgumentException("doji.grc.admin.load-spread-weight must be in 0.." + (long) LARGEST
                    + ", was " + loadSpreadWeight);
        }
        preferences = preferences == null ? Map.of() : Map.copyOf(preferences);
        preferences.forEach((resource, factor) -> {
            if (resource.isBlank()) {
                throw new IllegalArgumentException("doji.grc.admin.preferences: a resource name is empty");
            }
            if (factor == null || !(factor > 0 && factor <= LARGEST)) {
                throw new IllegalArgumentException("doji.grc.admin.preferences." + resource + " must be a factor in (0, "
                        + (long) LARGEST + "], was " + factor);
            }
        });
    }

    /** The planner's terms (A) and (B); (C) is applied to the RMs' answers per user, before planning. */
    public AdminPolicy policy() {
        return new AdminPolicy(loadSpreadWeight, preferences, Map.of(), 1.0);
    }
}
