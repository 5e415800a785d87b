package org.doji.common;

import java.math.BigDecimal;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An attribute a site must have: equal to {@code value}, or numerically at least {@code value} when
 * {@code atLeast} (memoryGB ≥ 64). A site's attributes are what its RM advertises; a missing one never matches.
 */
public record Requirement(String name, String value, boolean atLeast) {

    /**
     * Plain decimal numbers only: Java's own parser also takes NaN, Infinity, hex floats and a type suffix
     * ("64d"), none of which a caller means, and NaN would make the requirement unmeetable without saying why.
     */
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d{1,3})?");

    public Requirement {
        if (name == null || name.isBlank()) {
            throw new RequirementException("REQUIREMENT_NAME_MISSING", "a requirement needs a name");
        }
        if (value == null) {
            throw new RequirementException("REQUIREMENT_VALUE_MISSING", "requirement " + name + " needs a value");
        }
        if (atLeast && !isDecimal(value)) {
            throw new RequirementException("REQUIREMENT_NOT_A_NUMBER",
                    "requirement " + name + " >= " + value + ": an at-least value must be a decimal number");
        }
    }

    public static Requirement equalTo(String name, String value) {
        return new Requirement(name, value, false);
    }

    public static Requirement atLeast(String name, double value) {
        return new Requirement(name, BigDecimal.valueOf(value).stripTrailingZeros().toPlainString(), true);
    }

    /** Whether a site with these attributes satisfies this requirement; a missing attribute never does. */
    public boolean matches(Map<String, String> attributes) {
        String actual = attributes.get(name);
        if (actual == null) {
            return false;
        }
        if (!atLeast) {
            return actual.equals(value);
        }
        // a site's attribute that is not a number cannot be at least anything
        return isDecimal(actual) && new BigDecimal(actual).compareTo(new BigDecimal(value)) >= 0;
    }

    @Override
    public String toString() {
        return name + (atLeast ? " >= " : " = ") + value;
    }

    private static boolean isDecimal(String s) {
        return s.length() <= 64 && DECIMAL.matcher(s).matches();
    }

    /** A requirement that cannot be built; {@link #code()} is the error code a port reports. */
    public static final class RequirementException extends IllegalArgumentException {
        private final String code;

        RequirementException(String code, String message) {
            super(message);
            this.code = code;
        }

        public String code() {
            return code;
        }
    }
}
