package org.doji.grc.planner.expr;

import java.util.List;

/** Parsed resource expression (meta job scheduler syntax), e.g. {@code (ClustA:10 | ClustB:10) & Lic:5}. */
public sealed interface ResourceExpression {
    /** 0-based character offset of the expression's first character in the source text. */
    int position();

    /** {@code name:amount}: cores on a site, or a countable resource. */
    record Amount(String name, long amount, int position) implements ResourceExpression {
    }

    /** All of the parts ({@code &}). */
    record And(List<ResourceExpression> parts, int position) implements ResourceExpression {
        public And {
            parts = List.copyOf(parts);
        }
    }

    /** One of the parts ({@code |}). */
    record Or(List<ResourceExpression> parts, int position) implements ResourceExpression {
        public Or {
            parts = List.copyOf(parts);
        }
    }
}
