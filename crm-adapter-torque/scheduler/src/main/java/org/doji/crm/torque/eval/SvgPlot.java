package org.doji.crm.torque.eval;

import java.util.List;
import java.util.Locale;

/**
 * A small hand-written SVG: left, the cumulative distribution of waiting times per policy (log time
 * axis); right, bars of mean wait and mean bounded slowdown per policy. No plotting library needed.
 */
public final class SvgPlot {

    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"};
    private static final int W = 960;
    private static final int H = 420;

    private SvgPlot() {
    }

    public static String render(String title, List<Metrics> results) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "font-family=\"sans-serif\" font-size=\"12\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n", W, H));
        sb.append(text(W / 2.0, 20, esc(title), "middle", 14));
        cdf(sb, results, 60, 40, 460, 320);
        bars(sb, results, 600, 40, 320, 320);
        sb.append("</svg>\n");
        return sb.toString();
    }

    private static void cdf(StringBuilder sb, List<Metrics> results, int x0, int y0, int w, int h) {
        long max = 1;
        for (Metrics m : results) {
            max = Math.max(max, (long) m.maxWait());
        }
        double lmax = Math.log10(Math.max(10, max + 1));
        axes(sb, x0, y0, w, h);
        for (int d = 0; d <= (int) Math.ceil(lmax); d++) {
            double x = x0 + w * d / lmax;
            if (x <= x0 + w + 1) {
                sb.append(text(x, y0 + h + 16, "1e" + d + " s", "middle", 10));
            }
        }
        for (int q = 0; q <= 4; q++) {
            sb.append(text(x0 - 6, y0 + h - h * q / 4.0 + 4, String.format(Locale.ROOT, "%.2f", q / 4.0), "end", 10));
        }
        sb.append(text(x0 + w / 2.0, y0 + h + 34, "waiting time (log scale, wait+1)", "middle", 11));
        sb.append(text(x0, y0 - 6, "fraction of jobs waiting at most x", "start", 11));
        for (int i = 0; i < results.size(); i++) {
            long[] waits = results.get(i).sortedWaits();
            StringBuilder pts = new StringBuilder();
            int n = waits.length;
            int step = Math.max(1, n / 400);
            for (int k = 0; k < n; k += step) {
                point(pts, x0 + w * Math.log10(waits[k] + 1) / lmax, y0 + h - h * (k + 1.0) / n);
            }
            if (n > 0) {
                point(pts, x0 + w * Math.log10(waits[n - 1] + 1) / lmax, y0);
            }
            sb.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>%n",
                    COLOURS[i % COLOURS.length], pts));
            sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>%n",
                    x0 + w - 150, y0 + h - 20 - 18 * (results.size() - i), COLOURS[i % COLOURS.length]));
            sb.append(text(x0 + w - 134, y0 + h - 10 - 18 * (results.size() - i), esc(results.get(i).policy()), "start", 11));
        }
    }

    private static void bars(StringBuilder sb, List<Metrics> results, int x0, int y0, int w, int h) {
        axes(sb, x0, y0, w, h);
        double maxWait = 1;
        double maxBsd = 1;
        for (Metrics m : results) {
            maxWait = Math.max(maxWait, m.meanWait());
            maxBsd = Math.max(maxBsd, m.meanBoundedSlowdown());
        }
        int groups = 2;
        double gw = (double) w / groups;
        double bw = gw / (results.size() + 1);
        String[] labels = {"mean wait (max " + fmt(maxWait) + " s)", "mean bounded slowdown (max " + fmt(maxBsd) + ")"};
        for (int g = 0; g < groups; g++) {
            for (int i = 0; i < results.size(); i++) {
                Metrics m = results.get(i);
                double v = g == 0 ? m.meanWait() / maxWait : m.meanBoundedSlowdown() / maxBsd;
                double x = x0 + g * gw + bw * (i + 0.5);
                sb.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"/>%n",
                        x, y0 + h - h * v, bw * 0.9, h * v, COLOURS[i % COLOURS.length]));
                sb.append(text(x + bw * 0.45, y0 + h - h * v - 4,
                        fmt(g == 0 ? m.meanWait() : m.meanBoundedSlowdown()), "middle", 9));
            }
            sb.append(text(x0 + g * gw + gw / 2, y0 + h + 16, labels[g], "middle", 10));
        }
    }

    private static void axes(StringBuilder sb, int x0, int y0, int w, int h) {
        sb.append(String.format(Locale.ROOT, "<polyline fill=\"none\" stroke=\"black\" points=\"%d,%d %d,%d %d,%d\"/>%n",
                x0, y0, x0, y0 + h, x0 + w, y0 + h));
    }

    private static void point(StringBuilder pts, double x, double y) {
        pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
    }

    private static String text(double x, double y, String s, String anchor, int size) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">%s</text>%n",
                x, y, anchor, size, s);
    }

    static String fmt(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.2f", v);
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
