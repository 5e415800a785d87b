package org.doji.grc.planner.engine;

import com.google.ortools.Loader;
import com.google.ortools.linearsolver.MPConstraint;
import com.google.ortools.linearsolver.MPObjective;
import com.google.ortools.linearsolver.MPSolver;
import com.google.ortools.linearsolver.MPSolverParameters;
import com.google.ortools.linearsolver.MPVariable;
import java.util.List;
import org.doji.grc.planner.problem.MipFormulation;
import org.doji.grc.planner.problem.MipModel;
import org.doji.grc.planner.problem.SlotProblem;
import org.doji.grc.planner.problem.SlotSolution;

/** A general MIP engine: the formulation of {@link MipFormulation} solved by OR-Tools' MPSolver (SCIP or CP-SAT). */
public final class OrToolsEngine implements SolverEngine {
    public static final String NAME = "ortools";

    private final String backend;
    private final String name;
    private final long timeLimitMs;

    /**
     * @param timeLimitMs bound on one solve; hitting it gives the incumbent marked INCUMBENT (or a timed-out
     *                    infeasibility when there is none), as the fast engine does at its deadline
     */
    public OrToolsEngine(String backend, String name, long timeLimitMs) {
        this.timeLimitMs = timeLimitMs;
        Loader.loadNativeLibraries();
        this.backend = backend;
        this.name = name;
        MPSolver probe = MPSolver.createSolver(backend);
        if (probe == null) {
            throw new IllegalStateException("OR-Tools has no " + backend + " backend");
        }
        probe.delete();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public SlotSolution solve(SlotProblem problem) {
        MipFormulation f = new MipFormulation(problem);
        MipModel m = f.model();
        MPSolver solver = MPSolver.createSolver(backend);
        MPSolverParameters params = new MPSolverParameters();
        try {
            List<MipModel.Column> cols = m.columns();
            MPVariable[] vars = new MPVariable[cols.size()];
            MPObjective obj = solver.objective();
            for (int c = 0; c < vars.length; c++) {
                MipModel.Column col = cols.get(c);
                vars[c] = solver.makeVar(col.lower(), col.upper(), col.integer(), col.name());
                obj.setCoefficient(vars[c], col.objective());
            }
            obj.setMinimization();
            solver.setTimeLimit(timeLimitMs);
            for (MipModel.Row row : m.rows()) {
                double lo = row.sense() == MipModel.Sense.LE ? Double.NEGATIVE_INFINITY : row.rhs();
                double hi = row.sense() == MipModel.Sense.GE ? Double.POSITIVE_INFINITY : row.rhs();
                MPConstraint ct = solver.makeConstraint(lo, hi, row.name());
                for (int t = 0; t < row.columns().length; t++) {
                    ct.setCoefficient(vars[row.columns()[t]], row.coefficients()[t]);
                }
            }
            // OR-Tools' default relative gap is 1e-4: prove optimality instead
            params.setDoubleParam(MPSolverParameters.DoubleParam.RELATIVE_MIP_GAP, 0.0);
            MPSolver.ResultStatus status = solver.solve(params);
            if (status == MPSolver.ResultStatus.INFEASIBLE) {
                return SlotSolution.infeasible("no placement and routing satisfies the constraints (" + name + ")");
            }
            if (status == MPSolver.ResultStatus.NOT_SOLVED) {
                return SlotSolution.timedOut(name + " found no solution within " + timeLimitMs + " ms");
            }
            if (status != MPSolver.ResultStatus.OPTIMAL && status != MPSolver.ResultStatus.FEASIBLE) {
                throw new IllegalStateException(name + " ended with status " + status);
            }
            double[] values = new double[vars.length];
            for (int c = 0; c < vars.length; c++) {
                values[c] = vars[c].solutionValue();
            }
            SlotSolution s = f.decode(values);
            return status == MPSolver.ResultStatus.OPTIMAL ? s
                    : SlotSolution.incumbent(s.siteOf(), s.routes(), s.objective());
        } finally {
            params.delete();
            solver.delete();
        }
    }
}
