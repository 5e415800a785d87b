package org.doji.grc.planner.engine;

import java.util.Arrays;

/**
 * Minimum-cost assignment of rows to distinct columns (rows ≤ columns), the Hungarian method with potentials in
 * O(rows² · columns). An infinite cost forbids a pair; the result is infinite when no assignment avoids them.
 * Reused between calls; not thread-safe.
 */
final class Assignment {
    /** stands in for a forbidden pair: far above any plan's cost, far below where doubles lose the units. */
    private static final double BIG = 1e15;

    private final int columns;
    private final double[][] cost;
    private final double[] u;
    private final double[] v;
    private final int[] match;
    private final int[] way;
    private final double[] minv;
    private final boolean[] seen;

    Assignment(int maxRows, int columns) {
        this.columns = columns;
        cost = new double[maxRows][columns];
        u = new double[maxRows + 1];
        v = new double[columns + 1];
        match = new int[columns + 1];
        way = new int[columns + 1];
        minv = new double[columns + 1];
        seen = new boolean[columns + 1];
    }

    /** Row {@code i} of the cost matrix, to fill before {@link #solve}. */
    double[] row(int i) {
        return cost[i];
    }

    /** The least total cost of assigning rows 0..rows-1 to distinct columns. */
    double solve(int rows) {
        if (rows > columns) {
            return Double.POSITIVE_INFINITY;
        }
        Arrays.fill(u, 0, rows + 1, 0);
        Arrays.fill(v, 0);
        Arrays.fill(match, 0);
        for (int i = 1; i <= rows; i++) {
            match[0] = i;
            int j0 = 0;
            Arrays.fill(minv, Double.POSITIVE_INFINITY);
            Arrays.fill(seen, false);
            do {
                seen[j0] = true;
                int i0 = match[j0];
                double delta = Double.POSITIVE_INFINITY;
                int j1 = -1;
                for (int j = 1; j <= columns; j++) {
                    if (seen[j]) {
                        continue;
                    }
                    double c = cost[i0 - 1][j - 1];
                    double cur = (c == Double.POSITIVE_INFINITY ? BIG : c) - u[i0] - v[j];
                    if (cur < minv[j]) {
                        minv[j] = cur;
                        way[j] = j0;
                    }
                    if (minv[j] < delta) {
                        delta = minv[j];
                        j1 = j;
                    }
                }
                for (int j = 0; j <= columns; j++) {
                    if (seen[j]) {
                        u[match[j]] += delta;
                        v[j] -= delta;
                    } else {
                        minv[j] -= delta;
                    }
                }
                j0 = j1;
            } while (match[j0] != 0);
            do {
                int j1 = way[j0];
                match[j0] = match[j1];
                j0 = j1;
            } while (j0 != 0);
        }
        double total = 0;
        for (int j = 1; j <= columns; j++) {
            if (match[j] != 0) {
                double c = cost[match[j] - 1][j - 1];
                if (c == Double.POSITIVE_INFINITY) {
                    return Double.POSITIVE_INFINITY;
                }
                total += c;
            }
        }
        return total;
    }
}
