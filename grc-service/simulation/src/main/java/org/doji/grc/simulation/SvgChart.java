package org.doji.grc.simulation;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.doji.grc.simulation.Simulation.Setting;

/**
 * The plot of success rate over time as the paper draws it (its Figs. 7 and 8): one panel per mean interval (columns)
 * and booking reading (rows), one line per user and setting (colour = user, dash = setting), x = acceptance time, y = cumulative success
 * rate (reserved / accepted up to then); with several runs the line is the mean and a band shows ± one
 * standard deviation. Hand-written SVG with fixed number formatting, so the same result gives the same bytes.
 */
public final class SvgChart {

    private static final int PANEL_W = 440;
    private static final int PANEL_H = 300;
    private static final int LEFT = 70;
    private static final int GAP = 80;
    private static final int TOP = 90;
    private static final int ROW_GAP = 90;
    private static final String[] USER_COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd"};

    private SvgChart() {
    }

    public static String render(Evaluation.Result result) {
        Scenario p = result.scenario();
        List<Integer> intervals = p.arrivals().intervalsMinutes();
        int runs = result.trials().size();
        int width = LEFT + intervals.size() * PANEL_W + (intervals.size() - 1) * GAP + 40;
        List<Scenario.Booking.Mode> bookings = p.booking().modes();
        int height = TOP + bookings.size() * (PANEL_H + ROW_GAP) - ROW_GAP + 120;
        StringBuilder svg = new StringBuilder();
        svg.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        svg.append(f("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
                + " font-family=\"DejaVu Sans, Arial, sans-serif\">\n", width, height, width, height));
        svg.append(f("<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n", width, height));
        svg.append(f("<text x=\"%d\" y=\"30\" font-size=\"18\" font-weight=\"bold\" text-anchor=\"middle\">%s</text>\n",
                width / 2, esc("Doji evaluation \"" + p.name() + "\": cumulative success rate over acceptance time")));
        svg.append(f("<text x=\"%d\" y=\"52\" font-size=\"12\" text-anchor=\"middle\" fill=\"#444\">%s</text>\n", width / 2,
                esc(String.format(Locale.ROOT, "%s; N = %d slots; points every %d min; planner \"%s\"",
                        runs == 1 ? "seed " + p.seed() : runs + " runs (seeds " + p.seed() + ".." + (p.seed() + runs - 1)
                                + "): mean, band = ± 1 standard deviation", p.planning().slots(), p.output().curveStepMinutes(),
                        p.planning().engine()))));
        for (int row = 0; row < bookings.size(); row++) {
            for (int i = 0; i < intervals.size(); i++) {
                panel(svg, result, intervals.get(i), bookings.get(row), LEFT + i * (PANEL_W + GAP), TOP + row * (PANEL_H + ROW_GAP));
            }
        }
        legend(svg, width, height - 50, p);
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static void panel(StringBuilder svg, Evaluation.Result result, int interval, Scenario.Booking.Mode booking, int x0,
                              int top) {
        Scenario p = result.scenario();
        Stats cpu = Report.overTrials(result, t -> t.demand().get(interval).get("all").cores());
        Stats bw = Report.overTrials(result, t -> t.demand().get(interval).get("all").bandwidth());
        double hours = p.arrivals().hours();
        svg.append(f("<text x=\"%d\" y=\"%d\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\">%s</text>\n",
                x0 + PANEL_W / 2, top - 12, esc(String.format(Locale.ROOT, "%d min, booking %s (demand: CPU %.2f, bandwidth %.2f)",
                        interval, Report.bookingLabel(booking).strip(), cpu.mean(), bw.mean()))));
        svg.append(f("<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fafafa\" stroke=\"#333\"/>\n", x0, top,
                PANEL_W, PANEL_H));
        for (int pct = 0; pct <= 100; pct += 20) {
            double y = y(pct / 100.0, top);
            svg.append(f("<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", x0, y, x0 + PANEL_W, y));
            svg.append(f("<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%d%%</text>\n", x0 - 6, y + 4, pct));
        }
        int step = tickStep(p.arrivals().hours());
        for (int h = 0; h <= p.arrivals().hours(); h += step) {
            double x = x0 + PANEL_W * h / hours;
            svg.append(f("<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333\"/>\n", x, top + PANEL_H, x,
                    top + PANEL_H + 5));
            svg.append(f("<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%d</text>\n", x,
                    top + PANEL_H + 18, h));
        }
        svg.append(f("<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">acceptance time (h)</text>\n",
                x0 + PANEL_W / 2, top + PANEL_H + 36));
        svg.append(f("<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90 %d %d)\">"
                + "cumulative success rate</text>\n", x0 - 46, top + PANEL_H / 2, x0 - 46, top + PANEL_H / 2));
        int curveStep = p.output().curveStepMinutes();
        int points = (p.arrivals().hours() * 60 + curveStep - 1) / curveStep;
        Report.Key key;
        for (Setting setting : p.settings()) {
            key = new Report.Key(interval, booking, setting);
            for (int u = 0; u < p.userNames().size(); u++) {
                String user = p.userNames().get(u);
                Stats[] curve = new Stats[points];
                for (int b = 0; b < points; b++) {
                    int at = b;
                    curve[b] = Report.over(result, key,
                            run -> SuccessSeries.of(run, user, p.arrivals().hours(), curveStep).cumulative(at));
                }
                series(svg, curve, curveStep, x0, top, USER_COLOURS[u % USER_COLOURS.length], setting, hours,
                        result.trials().size() > 1);
            }
        }
    }

    private static void series(StringBuilder svg, Stats[] curve, int stepMinutes, int x0, int top, String colour, Setting setting,
                               double hours, boolean band) {
        String dash = dash(setting);
        List<String> line = new ArrayList<>();
        List<String> upper = new ArrayList<>();
        List<String> lower = new ArrayList<>();
        for (int b = 0; b < curve.length; b++) {
            if (curve[b].n() == 0) {
                continue;
            }
            double x = x0 + PANEL_W * Math.min((b + 1) * stepMinutes / 60.0, hours) / hours;
            line.add(f("%.1f,%.1f", x, y(curve[b].mean(), top)));
            upper.add(f("%.1f,%.1f", x, y(Math.min(1, curve[b].mean() + curve[b].sd()), top)));
            lower.add(0, f("%.1f,%.1f", x, y(Math.max(0, curve[b].mean() - curve[b].sd()), top)));
        }
        if (band && line.size() > 1) {
            List<String> outline = new ArrayList<>(upper);
            outline.addAll(lower);
            svg.append(f("<polygon fill=\"%s\" fill-opacity=\"0.12\" stroke=\"none\" points=\"%s\"/>\n", colour,
                    String.join(" ", outline)));
        }
        if (line.size() > 1) {
            svg.append(f("<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"%s\"/>\n", colour, dash,
                    String.join(" ", line)));
        }
    }

    private static String dash(Setting setting) {
        return switch (setting) {
            case STANDARD -> "";
            case SERVICE_LEVELS -> " stroke-dasharray=\"7 4\"";
            case SERVICE_LEVEL_QUOTA -> " stroke-dasharray=\"2 3\"";
        };
    }

    private static void legend(StringBuilder svg, int width, int y, Scenario p) {
        List<String> users = p.userNames();
        List<String[]> entries = new ArrayList<>();
        for (Setting setting : p.settings()) {
            for (int u = 0; u < users.size(); u++) {
                entries.add(new String[] {dash(setting), USER_COLOURS[u % USER_COLOURS.length],
                        "user " + users.get(u) + ", " + setting.label});
            }
        }
        int entryW = 170;
        int perRow = Math.max(1, (width - 40) / entryW);
        for (int i = 0; i < entries.size(); i++) {
            String[] e = entries.get(i);
            int rowEntries = Math.min(perRow, entries.size() - i / perRow * perRow);
            int x = (width - rowEntries * entryW) / 2 + (i % perRow) * entryW;
            int yy = y + (i / perRow) * 22;
            svg.append(f("<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/>\n", x, yy, x + 30, yy,
                    e[1], e[0]));
            svg.append(f("<text x=\"%d\" y=\"%d\" font-size=\"12\">%s</text>\n", x + 38, yy + 4, esc(e[2])));
        }
    }

    private static double y(double rate, int top) {
        return top + PANEL_H * (1 - rate);
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
