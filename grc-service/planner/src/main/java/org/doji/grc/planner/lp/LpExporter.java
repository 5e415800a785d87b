package org.doji.grc.planner.lp;

import java.math.BigDecimal;
import java.util.List;
import org.doji.grc.planner.problem.MipFormulation;
import org.doji.grc.planner.problem.MipModel;
import org.doji.grc.planner.problem.SlotProblem;

/**
 * Writes one slot's program in CPLEX LP format, readable by {@code glpsol --lp} (and CPLEX,
 * SCIP, HiGHS), with the same optimum as the engines. Variables are named x_j_i (requested
 * site j on site i) and y_l_k{f|r} (routed link l over path k, forward or reverse); a comment
 * block maps indices to names.
 */
public final class LpExporter {
    private static final int LINE = 200;

    private LpExporter() {
    }

    public static String export(SlotProblem p) {
        MipModel m = new MipFormulation(p).model();
        StringBuilder out = new StringBuilder(64 * (m.columns().size() + m.rows().size()));
        legend(p, out);
        out.append("Minimize\n obj:");
        List<MipModel.Column> cols = m.columns();
        Wrap w = new Wrap(out);
        boolean any = false;
        for (MipModel.Column c : cols) {
            if (c.objective() != 0) {
                w.term(c.objective(), c.name(), !any);
                any = true;
            }
        }
        if (!any && !cols.isEmpty()) {
            w.term(0, cols.get(0).name(), true); // LP format wants at least one term
        }
        out.append("\nSubject To\n");
        for (MipModel.Row r : m.rows()) {
            out.append(' ').append(r.name()).append(':');
            w.reset();
            for (int t = 0; t < r.columns().length; t++) {
                w.term(r.coefficients()[t], cols.get(r.columns()[t]).name(), t == 0);
            }
            out.append(switch (r.sense()) {
                case LE -> " <= ";
                case GE -> " >= ";
                case EQ -> " = ";
            }).append(num(r.rhs())).append('\n');
        }
        out.append("Bounds\n");
        for (MipModel.Column c : cols) {
            if (c.lower() == c.upper()) {
                out.append(' ').append(c.name()).append(" = ").append(num(c.lower())).append('\n');
            } else if (!(c.integer() && c.lower() == 0 && c.upper() == 1)) {
                out.append(' ').append(num(c.lower())).append(" <= ").append(c.name()).append(" <= ")
                        .append(num(c.upper())).append('\n');
            }
        }
        appendKind(out, cols, "Binaries", true);
        appendKind(out, cols, "Generals", false);
        out.append("End\n");
        return out.toString();
    }

    private static void appendKind(StringBuilder out, List<MipModel.Column> cols, String section, boolean binary) {
        StringBuilder names = new StringBuilder();
        int line = 0;
        for (MipModel.Column c : cols) {
            boolean isBinary = c.integer() && c.lower() == 0 && c.upper() == 1;
            if (c.integer() && isBinary == binary && c.lower() != c.upper()) {
                names.append(' ').append(c.name());
                line += c.name().length() + 1;
                if (line > LINE) {
                    names.append('\n');
                    line = 0;
                }
            }
        }
        if (names.length() > 0) {
            out.append(section).append('\n').append(names).append('\n');
        }
    }

    private static void legend(SlotProblem p, StringBuilder out) {
        out.append("\\ Doji co-allocation program, slot ").append(p.slotIndex).append('\n');
        for (int j = 0; j < p.nReq; j++) {
            out.append("\\ requested site ").append(j).append(" = ").append(p.reqIds[j]).append('\n');
        }
        for (int i = 0; i < p.nVertices; i++) {
            out.append("\\ vertex ").append(i).append(" = ").append(p.vertexNames[i]).append('\n');
        }
        for (int k = 0; k < p.nPaths; k++) {
            out.append("\\ path ").append(k).append(" = ").append(p.pathIds[k]).append('\n');
        }
        for (int l = 0; l < p.nLinks; l++) {
            out.append("\\ link ").append(l).append(" = ").append(p.reqIds[p.linkO[l]]).append(" -> ")
                    .append(p.reqIds[p.linkP[l]]).append('\n');
        }
    }

    /** Shortest exact decimal of the double, never in E-notation. */
    static String num(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return BigDecimal.valueOf(v).toPlainString();
    }

    /** Writes "+ c name" terms, breaking lines before glpsol's line-length limit. */
    private static final class Wrap {
        private final StringBuilder out;
        private int line;

        Wrap(StringBuilder out) {
            this.out = out;
        }

        void reset() {
            line = 0;
        }

        void term(double coef, String name, boolean first) {
            if (line > LINE) {
                out.append("\n ");
                line = 0;
            }
            String s = (coef < 0 ? " - " : first ? " " : " + ") + num(Math.abs(coef)) + " " + name;
            out.append(s);
            line += s.length();
        }
    }
}
