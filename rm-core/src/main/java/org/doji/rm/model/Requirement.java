package org.doji.rm.model;

import java.util.Map;
import java.util.Objects;

/** A requirement on a resource attribute: equality, or numeric at-least. */
public record Requirement(String name, String value, boolean atLeast) {

    public Requirement {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }

    /** Whether a resource with these attributes satisfies the requirement. */
    public boolean matches(Map<String, String> attributes) {
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
