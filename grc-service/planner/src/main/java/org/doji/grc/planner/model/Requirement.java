package org.doji.grc.planner.model;

/**
 * An attribute a candidate site must have: equal to {@code value}, or numerically at least
 * {@code value} when {@code atLeast} (e.g. memoryGb ≥ 64).
 */
public record Requirement(String name, String value, boolean atLeast) {
    public Requirement {
        Checks.name(name, "requirement name");
        if (value == null) {
            throw new IllegalArgumentException("requirement " + name + " needs a value");
        }
        if (atLeast) {
            try {
                Double.parseDouble(value);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("requirement " + name + " >= needs a number, was " + value, e);
            }
        }
    }

    public static Requirement equalTo(String name, String value) {
        return new Requirement(name, value, false);
    }

    public static Requirement atLeast(String name, double value) {
        return new Requirement(name, Double.toString(value), true);
    }

    /** Whether a site with these attributes satisfies this requirement; a missing attribute never does. */
    public boolean matches(java.util.Map<String, String> attributes) {
        String actual = attributes.get(name);
        if (actual == null) {
            return false;
        }
        if (!atLeast) {
            return actual.equals(value);
        }
        try {
            return Double.parseDouble(actual) >= Double.parseDouble(value);
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
