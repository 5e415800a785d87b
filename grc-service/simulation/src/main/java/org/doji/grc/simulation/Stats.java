package org.doji.grc.simulation;

import java.util.Locale;
import java.util.function.DoubleUnaryOperator;

/** Mean and sample standard deviation of one figure over the K runs (NaN values, e.g. no requests yet, left out). */
public record Stats(double mean, double sd, int n) {

    public static Stats of(double... values) {
        int n = 0;
        double sum = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                n++;
                sum += v;
            }
        }
        if (n == 0) {
            return new Stats(Double.NaN, Double.NaN, 0);
        }
        double mean = sum / n;
        double sq = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                sq += (v - mean) * (v - mean);
            }
        }
        return new Stats(mean, n > 1 ? Math.sqrt(sq / (n - 1)) : 0, n);
    }

    /** "0.812" for one run, "0.812 ± 0.010" for several; {@code scale} turns a rate into a percentage, etc. */
    public String format(String number, int runs, DoubleUnaryOperator scale) {
        if (n == 0) {
            return "-";
        }
        String m = String.format(Locale.ROOT, number, scale.applyAsDouble(mean));
        return runs > 1 ? m + " ± " + String.format(Locale.ROOT, number, scale.applyAsDouble(sd)) : m;
    }

    public String format(String number, int runs) {
        return format(number, runs, v -> v);
    }
}
