package org.doji.crm.slurm;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code scontrol -o show nodes|reservation} (one record a line, {@code Key=value} fields; a value may
 * contain spaces, e.g. {@code OS=Linux 6.1 #1 SMP}) and Slurm's compressed host lists ({@code n[1-3,5]}).
 */
public final class SlurmOutputParser {

    private static final DateTimeFormatter SLURM_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");
    private static final Pattern KEY = Pattern.compile("(?:^|\\s+)([A-Za-z][A-Za-z0-9_:/]*)=");

    private final ZoneId zone;

    public SlurmOutputParser(ZoneId zone) {
        this.zone = zone;
    }

    /** The fields of one {@code -o} line, in order. */
    static Map<String, String> fields(String line) {
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = KEY.matcher(line);
        String key = null;
        int valueStart = 0;
        while (m.find()) {
            if (key != null) {
                out.put(key, line.substring(valueStart, m.start()).strip());
            }
            key = m.group(1);
            valueStart = m.end();
        }
        if (key != null) {
            out.put(key, line.substring(valueStart).strip());
        }
        return out;
    }

    public List<SlurmNode> nodes(String output) {
        List<SlurmNode> out = new ArrayList<>();
        for (String line : output.split("\n")) {
            Map<String, String> f = fields(line);
            if (f.containsKey("NodeName")) {
                out.add(new SlurmNode(f.get("NodeName"), Integer.parseInt(f.getOrDefault("CPUTot", "1")),
                        f.getOrDefault("State", "UNKNOWN"), list(f.get("Partitions"))));
            }
        }
        return out;
    }

    /** Every reservation; "No reservations in the system" gives none. */
    public List<SlurmReservation> reservations(String output, SlurmProperties.BindTo bindTo) {
        List<SlurmReservation> out = new ArrayList<>();
        for (String line : output.split("\n")) {
            Map<String, String> f = fields(line);
            if (f.containsKey("ReservationName")) {
                String who = f.get(bindTo == SlurmProperties.BindTo.USERS ? "Users" : "Accounts");
                out.add(new SlurmReservation(f.get("ReservationName"), expand(f.get("Nodes")), time(f.get("StartTime")),
                        time(f.get("EndTime")), list(who)));
            }
        }
        return out;
    }

    /** A Slurm time (local to slurmctld, whole seconds). */
    Instant time(String v) {
        try {
            return LocalDateTime.parse(v).atZone(zone).toInstant();
        } catch (DateTimeParseException | NullPointerException e) {
            throw new IllegalStateException("unreadable Slurm time " + v, e);
        }
    }

    /** The form scontrol accepts: local time of slurmctld, whole seconds. */
    String format(Instant t) {
        return SLURM_TIME.format(LocalDateTime.ofInstant(t.truncatedTo(ChronoUnit.SECONDS), zone));
    }

    /** A comma list, "(null)" and blanks being empty. */
    static List<String> list(String v) {
        if (v == null || v.isBlank() || v.equals("(null)")) {
            return List.of();
        }
        return List.of(v.split(","));
    }

    /** Expands a host list: {@code n[1-3,05],gpu7} gives n1, n2, n3, n05, gpu7 (zero padding kept). */
    public static List<String> expand(String hostlist) {
        List<String> out = new ArrayList<>();
        if (hostlist == null || hostlist.isBlank() || hostlist.equals("(null)")) {
            return out;
        }
        int depth = 0;
        int from = 0;
        for (int i = 0; i <= hostlist.length(); i++) {
            char c = i < hostlist.length() ? hostlist.charAt(i) : ',';
            depth += c == '[' ? 1 : c == ']' ? -1 : 0;
            if (c == ',' && depth == 0) {
                expandOne(hostlist.substring(from, i), out);
                from = i + 1;
            }
        }
        return out;
    }

    private static void expandOne(String host, List<String> out) {
        int open = host.indexOf('[');
        if (open < 0) {
            out.add(host);
            return;
        }
        String prefix = host.substring(0, open);
        String suffix = host.substring(host.indexOf(']') + 1);
        for (String range : host.substring(open + 1, host.indexOf(']')).split(",")) {
            int dash = range.indexOf('-');
            String lo = dash < 0 ? range : range.substring(0, dash);
            int hi = dash < 0 ? Integer.parseInt(range) : Integer.parseInt(range.substring(dash + 1));
            for (int n = Integer.parseInt(lo); n <= hi; n++) {
                out.add(prefix + String.format("%0" + lo.length() + "d", n) + suffix);
            }
        }
    }
}
