package org.doji.grc.planner.expr;

import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser for resource expressions. Grammar ({@code &} binds tighter than {@code |}):
 * <pre>
 *   expr   := term ('|' term)*
 *   term   := factor ('&amp;' factor)*
 *   factor := '(' expr ')' | NAME ':' COUNT
 *   NAME   := letter or '_' followed by letters, digits, '_', '-', '.'
 *   COUNT  := positive decimal integer
 * </pre>
 * Whitespace is ignored between tokens.
 */
public final class ResourceExpressionParser {
    private final String src;
    private int pos;

    private ResourceExpressionParser(String src) {
        this.src = src;
    }

    public static ResourceExpression parse(String text) {
        if (text == null) {
            throw new ResourceExpressionException("", 0, "an expression", "nothing");
        }
        ResourceExpressionParser p = new ResourceExpressionParser(text);
        ResourceExpression e = p.expr();
        p.skipSpace();
        if (p.pos < text.length()) {
            throw p.error("'&', '|' or end of expression");
        }
        return e;
    }

    private ResourceExpression expr() {
        skipSpace();
        int start = pos;
        List<ResourceExpression> parts = new ArrayList<>();
        parts.add(term());
        while (peek() == '|') {
            pos++;
            parts.add(term());
        }
        return parts.size() == 1 ? parts.get(0) : new ResourceExpression.Or(parts, start);
    }

    private ResourceExpression term() {
        skipSpace();
        int start = pos;
        List<ResourceExpression> parts = new ArrayList<>();
        parts.add(factor());
        while (peek() == '&') {
            pos++;
            parts.add(factor());
        }
        return parts.size() == 1 ? parts.get(0) : new ResourceExpression.And(parts, start);
    }

    private ResourceExpression factor() {
        char c = peek();
        if (c == '(') {
            pos++;
            ResourceExpression inner = expr();
            if (peek() != ')') {
                throw error("')'");
            }
            pos++;
            return inner;
        }
        if (!Character.isLetter(c) && c != '_') {
            throw error("a resource name or '('");
        }
        int start = pos;
        while (pos < src.length() && isNameChar(src.charAt(pos))) {
            pos++;
        }
        String name = src.substring(start, pos);
        if (peek() != ':') {
            throw error("':' after resource name '" + name + "'");
        }
        pos++;
        skipSpace();
        int numStart = pos;
        while (pos < src.length() && Character.isDigit(src.charAt(pos))) {
            pos++;
        }
        if (numStart == pos) {
            throw error("an amount (a positive integer) after '" + name + ":'");
        }
        long amount;
        try {
            amount = Long.parseLong(src.substring(numStart, pos));
        } catch (NumberFormatException e) {
            pos = numStart;
            throw error("an amount that fits in 64 bits");
        }
        if (amount <= 0) {
            pos = numStart;
            throw error("a positive amount");
        }
        return new ResourceExpression.Amount(name, amount, start);
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.';
    }

    /** Next non-space character without consuming it, or 0 at the end. */
    private char peek() {
        skipSpace();
        return pos < src.length() ? src.charAt(pos) : 0;
    }

    private void skipSpace() {
        while (pos < src.length() && Character.isWhitespace(src.charAt(pos))) {
            pos++;
        }
    }

    private ResourceExpressionException error(String expected) {
        String found = pos < src.length() ? "'" + src.charAt(pos) + "'" : "end of expression";
        return new ResourceExpressionException(src, pos, expected, found);
    }
}
