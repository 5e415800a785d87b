package org.doji.grc.planner.problem;

import java.util.ArrayList;
import java.util.List;

/** A solver-neutral mixed-integer model (minimisation): what the general engines and the LP exporter consume. */
public final class MipModel {
    public enum Sense { LE, GE, EQ }

    /** A column; integer columns with bounds [0,1] are binaries. */
    public record Column(String name, double objective, double lower, double upper, boolean integer) {
    }

    public record Row(String name, int[] columns, double[] coefficients, Sense sense, double rhs) {
    }

    private final List<Column> columns = new ArrayList<>();
    private final List<Row> rows = new ArrayList<>();

    public int addColumn(String name, double objective, double lower, double upper, boolean integer) {
        columns.add(new Column(name, objective, lower, upper, integer));
        return columns.size() - 1;
    }

    public void addRow(String name, int[] cols, double[] coefs, Sense sense, double rhs) {
        rows.add(new Row(name, cols, coefs, sense, rhs));
    }

    public List<Column> columns() {
        return columns;
    }

    public List<Row> rows() {
        return rows;
    }
}
