package org.doji.grc.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.doji.grc.simulation.Simulation.Run;
import org.doji.grc.simulation.Simulation.Setting;

/**
 * The plot of success rate over time: one panel per mean interval, one line per user and setting (colour =
 * user, dash = setting), x = arrival time, y = success rate of the requests arriving in each bucket.
 * Hand-written SVG with fixed number formatting, so the same result gives the same bytes.
 */
public final class SvgChart {

    private static final int PANEL_W = 440;
    private static final int PANEL_H = 300;
    private static final int LEFT = 70;
    private static final int GAP = 80;
    private static final int TOP = 90;
    private static final String[] USER_COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd"};

    private SvgChart() {
    }

    public static String render(Evaluation.Result result) {
        SimulationParameters p = result.params();
        List<Integer> intervals = p.intervalsMinutes();
        int width = LEFT + intervals.size() * PANEL_W + (intervals.size() - 1) * GAP + 40;
        int height = TOP + PANEL_H + 120;
        StringBuilder svg = new StringBuilder();
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append(f("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                + " font-family=\"DejaVu Sans, Arial, sans-serif\">\n", width, height, width, height));
        svg.append(f("<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n", width, height));
        svg.append(f("<text x=\"%d\" y=\"30\" font-size=\"18\" font-weight=\"bold\" text-anchor=\"middle\">%s</text>\n",
                width / 2, esc("Doji reference evaluation (DESIGN §9): success rate over time")));
        svg.append(f("<text x=\"%d\" y=\"52\" font-size=\"12\" text-anchor=\"middle\" fill=\"#444\">%s</text>\n", width / 2,
                esc(String.format(Locale.ROOT, "seed %d; N = %d slots; B's low service level %s; %d-minute buckets of"
                        + " arrival time; planner \"%s\"", p.seed(), p.slots(), Report.trim(p.lowServiceLevel()),
                        p.bucketMinutes(), p.engine()))));
        for (int i = 0; i < intervals.size(); i++) {
            panel(svg, result, intervals.get(i), LEFT + i * (PANEL_W + GAP));
        }
        legend(svg, width, TOP + PANEL_H + 70, p);
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static void panel(StringBuilder svg, Evaluation.Result result, int interval, int x0) {
        SimulationParameters p = result.params();
        DemandRatio d = Report.demand(result, interval).get("all");
        double hours = p.arrivalHours();
        svg.append(f("<text x=\"%d\" y=\"%d\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\">%s</text>\n",
                x0 + PANEL_W / 2, TOP - 12, esc(String.format(Locale.ROOT, "mean interval %d min (demand ratio: cores %.2f,"
                        + " bandwidth %.2f)", interval, d.cores(), d.bandwidth()))));
        svg.append(f("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fafafa\" stroke=\"#333\"/>\n", x0, TOP,
                PANEL_W, PANEL_H));
        for (int pct = 0; pct <= 100; pct += 20) {
            double y = y(pct / 100.0);
            svg.append(f("<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", x0, y, x0 + PANEL_W, y));
            svg.append(f("<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%d%%</text>\n", x0 - 6, y + 4, pct));
        }
        int step = tickStep(p.arrivalHours());
        for (int h = 0; h <= p.arrivalHours(); h += step) {
            double x = x0 + PANEL_W * h / hours;
            svg.append(f("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333\"/>\n", x, TOP + PANEL_H, x,
                    TOP + PANEL_H + 5));
            svg.append(f("<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%d</text>\n", x,
                    TOP + PANEL_H + 18, h));
        }
        svg.append(f("<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">arrival time (h)</text>\n",
                x0 + PANEL_W / 2, TOP + PANEL_H + 36));
        svg.append(f("<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">"
                + "success rate</text>\n", x0 - 46, TOP + PANEL_H / 2, x0 - 46, TOP + PANEL_H / 2));
        for (Setting setting : Setting.values()) {
            Run run = result.run(interval, setting);
            for (int u = 0; u < Workload.USERS.size(); u++) {
                series(svg, SuccessSeries.of(run, Workload.USERS.get(u), p), x0, USER_COLOURS[u % USER_COLOURS.length],
                        setting, hours);
            }
        }
    }

    private static void series(StringBuilder svg, SuccessSeries s, int x0, String colour, Setting setting, double hours) {
        String dash = setting == Setting.STANDARD ? "" : " stroke-dasharray=\"7 4\"";
        List<String> segment = new ArrayList<>();
        List<String> markers = new ArrayList<>();
        for (int b = 0; b <= s.buckets(); b++) {
            double rate = b < s.buckets() ? s.rate(b) : Double.NaN;
            if (Double.isNaN(rate)) {
                if (segment.size() > 1) {
                    svg.append(f("<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"%s\"/>\n", colour, dash,
                            String.join(" ", segment)));
                }
                segment.clear();
                continue;
            }
            double x = x0 + PANEL_W * ((b + 0.5) * s.bucketMinutes() / 60.0) / hours;
            double y = y(rate);
            segment.add(f("%.1f,%.1f", x, y));
            markers.add(setting == Setting.STANDARD
                    ? f("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>", x, y, colour)
                    : f("<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" fill=\"white\" stroke=\"%s\" stroke-width=\"1.5\"/>",
                            x - 3.5, y - 3.5, colour));
        }
        markers.forEach(m -> svg.append(m).append('\n'));
    }

    private static void legend(StringBuilder svg, int width, int y, SimulationParameters p) {
        List<String[]> entries = new ArrayList<>();
        for (Setting setting : Setting.values()) {
            for (int u = 0; u < Workload.USERS.size(); u++) {
                entries.add(new String[] {Workload.USERS.get(u), setting.name(), USER_COLOURS[u % USER_COLOURS.length],
                        "user " + Workload.USERS.get(u) + ", " + Report.settingName(setting, p)});
            }
        }
        int entryW = 190;
        int x = (width - entries.size() * entryW) / 2;
        for (String[] e : entries) {
            boolean standard = e[1].equals(Setting.STANDARD.name());
            svg.append(f("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/>\n", x, y, x + 30, y,
                    e[2], standard ? "" : " stroke-dasharray=\"7 4\""));
            svg.append(standard ? f("<circle cx=\"%d\" cy=\"%d\" r=\"3.5\" fill=\"%s\"/>\n", x + 15, y, e[2])
                    : f("<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" fill=\"white\" stroke=\"%s\" stroke-width=\"1.5\"/>\n",
                            x + 11.5, y - 3.5, e[2]));
            svg.append(f("<text x=\"%d\" y=\"%d\" font-size=\"12\">%s</text>\n", x + 38, y + 4, esc(e[3])));
            x += entryW;
        }
    }

    private static double y(double rate) {
        return TOP + PANEL_H * (1 - rate);
    }

    private static int tickStep(int hours) {
        for (int step : new int[] {1, 2, 3, 4, 6, 12, 24, 48, 168}) {
            if (hours / step <= 8) {
                return step;
            }
        }
        return Math.max(1, hours / 8);
    }

    private static String f(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
