package org.doji.grc.planner.expr;

/** A syntax or mapping error in a resource expression, with where it happened and what was expected. */
public final class ResourceExpressionException extends IllegalArgumentException {
    private final String source;
    private final int position;
    private final String expected;

    public ResourceExpressionException(String source, int position, String expected, String found) {
        super("resource expression error at position " + (position + 1) + ": expected " + expected + " but found "
                + found + "\n  " + source + "\n  " + " ".repeat(Math.max(0, position)) + "^");
        this.source = source;
        this.position = position;
        this.expected = expected;
    }

    public String source() {
        return source;
    }

    /** 0-based character offset. */
    public int position() {
        return position;
    }

    public String expected() {
        return expected;
    }
}
