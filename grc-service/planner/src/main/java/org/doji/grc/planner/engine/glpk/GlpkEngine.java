package org.doji.grc.planner.engine.glpk;

import java.util.List;
import org.doji.grc.planner.engine.SolverEngine;
import org.doji.grc.planner.problem.MipFormulation;
import org.doji.grc.planner.problem.MipModel;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;
import org.gnu.glpk.GLPK;
import org.gnu.glpk.GLPKConstants;
import org.gnu.glpk.SWIGTYPE_p_double;
import org.gnu.glpk.SWIGTYPE_p_int;
import org.gnu.glpk.glp_iocp;
import org.gnu.glpk.glp_prob;

/**
 * GLPK in-process through glpk-java (Debian libglpk-java), the solver of the original work.
 * Compiled only when glpk-java is present at build time (Maven profile "glpk"); at run time
 * its JNI library must be on java.library.path (/usr/lib/x86_64-linux-gnu/jni on Debian).
 */
public final class GlpkEngine implements SolverEngine {
    /** One lock for the process: we do not rely on the Debian build's thread-local GLPK environment. */
    private static final Object GLPK_LOCK = new Object();

    private final int timeLimitMs;

    /**
     * @param timeLimitMs bound on one solve (GLPK's LP bounds are weak on some instances, see
     *                    PLANNER.md); hitting it gives the incumbent marked INCUMBENT, or a timed-out
     *                    infeasibility when there is none
     */
    public GlpkEngine(long timeLimitMs) {
        this.timeLimitMs = (int) Math.min(Integer.MAX_VALUE, timeLimitMs);
        synchronized (GLPK_LOCK) {
            GLPK.glp_term_out(GLPKConstants.GLP_OFF); // loads the JNI library: fails fast when absent
        }
    }

    @Override
    public String name() {
        return "glpk";
    }

    @Override
    public SlotSolution solve(SlotProblem problem) {
        MipFormulation f = new MipFormulation(problem);
        MipModel m = f.model();
        synchronized (GLPK_LOCK) {
            GLPK.glp_term_out(GLPKConstants.GLP_OFF);
            glp_prob lp = GLPK.glp_create_prob();
            try {
                load(lp, m);
                glp_iocp iocp = new glp_iocp();
                GLPK.glp_init_iocp(iocp);
                iocp.setPresolve(GLPKConstants.GLP_ON);
                iocp.setMsg_lev(GLPKConstants.GLP_MSG_OFF);
                iocp.setTm_lim(timeLimitMs);
                int ret = GLPK.glp_intopt(lp, iocp);
                int status = GLPK.glp_mip_status(lp);
                if (ret == GLPKConstants.GLP_ENOPFS || ret == GLPKConstants.GLP_ENODFS
                        || status == GLPKConstants.GLP_NOFEAS) {
                    return SlotSolution.infeasible("no placement and routing satisfies the constraints (glpk)");
                }
                boolean limit = ret == GLPKConstants.GLP_ETMLIM;
                if (limit && status != GLPKConstants.GLP_FEAS) {
                    return SlotSolution.timedOut("glpk found no solution within " + timeLimitMs + " ms");
                }
                if (!limit && (ret != 0 || status != GLPKConstants.GLP_OPT)) {
                    throw new IllegalStateException("glpk ended with code " + ret + ", status " + status);
                }
                int n = m.columns().size();
                double[] values = new double[n];
                for (int c = 0; c < n; c++) {
                    values[c] = GLPK.glp_mip_col_val(lp, c + 1);
                }
                SlotSolution s = f.decode(values);
                return limit ? SlotSolution.incumbent(s.siteOf(), s.routes(), s.objective()) : s;
            } finally {
                GLPK.glp_delete_prob(lp);
            }
        }
    }

    private static void load(glp_prob lp, MipModel m) {
        GLPK.glp_set_obj_dir(lp, GLPKConstants.GLP_MIN);
        List<MipModel.Column> cols = m.columns();
        if (!cols.isEmpty()) {
            GLPK.glp_add_cols(lp, cols.size());
        }
        for (int c = 0; c < cols.size(); c++) {
            MipModel.Column col = cols.get(c);
            int j = c + 1;
            boolean binary = col.integer() && col.lower() == 0 && col.upper() == 1;
            GLPK.glp_set_col_kind(lp, j, binary ? GLPKConstants.GLP_BV
                    : col.integer() ? GLPKConstants.GLP_IV : GLPKConstants.GLP_CV);
            if (!binary) {
                int type = col.lower() == col.upper() ? GLPKConstants.GLP_FX : GLPKConstants.GLP_DB;
                GLPK.glp_set_col_bnds(lp, j, type, col.lower(), col.upper());
            }
            GLPK.glp_set_obj_coef(lp, j, col.objective());
        }
        List<MipModel.Row> rows = m.rows();
        if (!rows.isEmpty()) {
            GLPK.glp_add_rows(lp, rows.size());
        }
        for (int r = 0; r < rows.size(); r++) {
            MipModel.Row row = rows.get(r);
            int i = r + 1;
            switch (row.sense()) {
                case LE -> GLPK.glp_set_row_bnds(lp, i, GLPKConstants.GLP_UP, 0, row.rhs());
                case GE -> GLPK.glp_set_row_bnds(lp, i, GLPKConstants.GLP_LO, row.rhs(), 0);
                default -> GLPK.glp_set_row_bnds(lp, i, GLPKConstants.GLP_FX, row.rhs(), row.rhs());
            }
            int len = row.columns().length;
            SWIGTYPE_p_int ind = GLPK.new_intArray(len + 1);
            SWIGTYPE_p_double val = GLPK.new_doubleArray(len + 1);
            try {
                for (int t = 0; t < len; t++) {
                    GLPK.intArray_setitem(ind, t + 1, row.columns()[t] + 1);
                    GLPK.doubleArray_setitem(val, t + 1, row.coefficients()[t]);
                }
                GLPK.glp_set_mat_row(lp, i, len, ind, val);
            } finally {
                GLPK.delete_intArray(ind);
                GLPK.delete_doubleArray(val);
            }
        }
    }
}
