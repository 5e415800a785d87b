package org.doji.grc.planner.model;

import java.util.Map;

/**
 * Administrator terms of DESIGN §3.
 *
 * @param loadSpreadWeight     (A) weight of the utilisation-share penalty: placing rc cores on a site
 *                             with wc free adds {@code weight·rc/wc}; routing rb over a path with wb free
 *                             adds {@code weight·rb/wb} per hop. 0 disables it.
 * @param preferenceWeights    (B) factor on the unit price of a resource, keyed by site name, path id or
 *                             RM id (site/path key wins); below 1 prefers it, above 1 avoids it; default 1
 * @param userCapacityShare    (C) per user, the fraction of each RM's free capacity the user may see
 * @param defaultCapacityShare (C) share for users not in the map (1.0 = everything)
 */
public record AdminPolicy(double loadSpreadWeight, Map<String, Double> preferenceWeights,
                          Map<String, Double> userCapacityShare, double defaultCapacityShare) {
    public static final AdminPolicy NONE = new AdminPolicy(0, Map.of(), Map.of(), 1.0);

    public AdminPolicy {
        Checks.nonNegative(loadSpreadWeight, "loadSpreadWeight");
        preferenceWeights = preferenceWeights == null ? Map.of() : Map.copyOf(preferenceWeights);
        userCapacityShare = userCapacityShare == null ? Map.of() : Map.copyOf(userCapacityShare);
        preferenceWeights.forEach((k, v) -> Checks.nonNegative(v, "preference weight of " + k));
        userCapacityShare.forEach((k, v) -> share(v, "capacity share of " + k));
        share(defaultCapacityShare, "defaultCapacityShare");
    }

    private static void share(double v, String what) {
        if (!(v >= 0 && v <= 1)) {
            throw new IllegalArgumentException(what + " must be within [0, 1], was " + v);
        }
    }

    /** The capacity share of {@code user} (null = anonymous, gets the default). */
    public double shareOf(String user) {
        return user == null ? defaultCapacityShare : userCapacityShare.getOrDefault(user, defaultCapacityShare);
    }

    /** Preference factor of a resource: its own key first, then its RM, else 1. */
    public double weightOf(String resourceKey, String rmId) {
        Double w = preferenceWeights.get(resourceKey);
        if (w == null) {
            w = preferenceWeights.get(rmId);
        }
        return w == null ? 1.0 : w;
    }
}
