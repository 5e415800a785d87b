package org.doji.crm.torque;

import java.io.StringReader;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;

/**
 * Parses {@code qstat -f} / {@code qstat -f -x} and {@code pbsnodes -a} / {@code pbsnodes -x} output into
 * records. Both formats first become flat attribute maps (nested XML elements as
 * {@code Resource_List.walltime}, as the text format writes them), so one interpretation serves both.
 */
public final class TorqueOutputParser {

    private static final DateTimeFormatter CTIME = DateTimeFormatter.ofPattern("EEE MMM d HH:mm:ss yyyy", Locale.ROOT);

    private final TorqueProperties props;
    private final ZoneId zone;

    public TorqueOutputParser(TorqueProperties props) {
        this.props = props;
        this.zone = props.zone();
    }

    public List<TorqueJob> jobs(String output) {
        List<Map<String, String>> raw = props.outputFormat() == TorqueProperties.OutputFormat.XML
                ? xml(output, "Job") : text(output, true);
        List<TorqueJob> out = new ArrayList<>();
        for (Map<String, String> a : raw) {
            out.add(job(a));
        }
        return out;
    }

    public List<TorqueNode> nodes(String output) {
        List<Map<String, String>> raw = props.outputFormat() == TorqueProperties.OutputFormat.XML
                ? xml(output, "Node") : text(output, false);
        List<TorqueNode> out = new ArrayList<>();
        for (Map<String, String> a : raw) {
            out.add(new TorqueNode(a.get("name"), a.getOrDefault("state", "unknown"),
                    Integer.parseInt(a.getOrDefault("np", "1").trim())));
        }
        return out;
    }

    private TorqueJob job(Map<String, String> a) {
        String id = a.get("Job_Id");
        String stateText = a.getOrDefault("job_state", "?");
        char state = stateText.isEmpty() ? '?' : stateText.charAt(0);
        Map<String, Integer> cores = state == 'R' || state == 'E' ? execHost(a.get("exec_host")) : Map.of();
        // start_time survives a qrerun: it means something only while the job runs
        long start = state == 'R' || state == 'E' ? time(a.get("start_time")) : -1;
        return new TorqueJob(id, a.getOrDefault("Job_Name", ""), a.getOrDefault("Job_Owner", "unknown"), state,
                a.getOrDefault("queue", ""), resources(a), cores, start, time(a.get("qtime")),
                duration(a.get("Resource_List.walltime")), handle(a));
    }

    /** The reservation a job names: {@code -l advres=H}, {@code -W x=advres:H}, or an account with the prefix. */
    private String handle(Map<String, String> a) {
        String advres = a.get("Resource_List.advres");
        if (advres != null && !advres.isBlank()) {
            return advres.trim();
        }
        String extension = a.get("x");
        if (extension != null) {
            for (String part : extension.split(";")) {
                if (part.trim().startsWith("advres:")) {
                    return part.trim().substring("advres:".length());
                }
            }
        }
        String account = a.get("Account_Name");
        return account != null && account.startsWith(props.reservationAccountPrefix()) ? account.trim() : null;
    }

    /** The node/core request as a TORQUE resource list. */
    private static String resources(Map<String, String> a) {
        String nodes = a.get("Resource_List.nodes");
        if (nodes != null) {
            return "nodes=" + nodes.trim();
        }
        String procs = a.get("Resource_List.procs");
        if (procs != null) {
            return "procs=" + procs.trim();
        }
        return "nodes=" + Math.max(1, intOr(a.get("Resource_List.nodect"), 1));
    }

    /** exec_host {@code n1/0-3+n2/0,2}: one core per slot index. */
    static Map<String, Integer> execHost(String value) {
        Map<String, Integer> out = new LinkedHashMap<>();
        if (value == null || value.isBlank()) {
            return out;
        }
        for (String part : value.trim().split("\\+")) {
            int slash = part.indexOf('/');
            String host = slash < 0 ? part : part.substring(0, slash);
            String slots = slash < 0 || slash == part.length() - 1 ? "0" : part.substring(slash + 1);
            int n = 0;
            for (String r : slots.split(",")) {
                int dash = r.indexOf('-');
                n += dash < 0 ? 1 : Integer.parseInt(r.substring(dash + 1)) - Integer.parseInt(r.substring(0, dash)) + 1;
            }
            out.merge(host, n, Integer::sum);
        }
        return out;
    }

    /** Epoch seconds (XML) or a ctime date (text), -1 when absent or unreadable. */
    long time(String v) {
        if (v == null || v.isBlank()) {
            return -1;
        }
        String s = v.trim();
        if (s.chars().allMatch(Character::isDigit)) {
            return Long.parseLong(s);
        }
        try {
            return LocalDateTime.parse(s.replaceAll("\\s+", " "), CTIME).atZone(zone).toEpochSecond();
        } catch (DateTimeParseException e) {
            return -1;
        }
    }

    /** [[HH:]MM:]SS or plain seconds; -1 when absent. */
    static long duration(String v) {
        if (v == null || v.isBlank()) {
            return -1;
        }
        long total = 0;
        for (String p : v.trim().split(":")) {
            total = total * 60 + Long.parseLong(p);
        }
        return total;
    }

    private static int intOr(String v, int dflt) {
        try {
            return v == null ? dflt : Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            return dflt;
        }
    }

    /**
     * The text format: a record starts with "Job Id: X" (jobs) or a node name at column 0 (nodes);
     * attributes are indented "key = value" lines; an indented line without " = " continues the
     * previous value (TORQUE wraps long values).
     */
    static List<Map<String, String>> text(String output, boolean jobs) {
        List<Map<String, String>> out = new ArrayList<>();
        Map<String, String> cur = null;
        String lastKey = null;
        for (String line : output.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            boolean indented = Character.isWhitespace(line.charAt(0));
            if (!indented) {
                cur = new HashMap<>();
                out.add(cur);
                lastKey = null;
                if (jobs) {
                    int colon = line.indexOf(':');
                    cur.put("Job_Id", line.substring(colon + 1).trim());
                } else {
                    cur.put("name", line.trim());
                }
                continue;
            }
            if (cur == null) {
                continue;
            }
            int eq = line.indexOf(" = ");
            if (eq > 0) {
                lastKey = line.substring(0, eq).trim();
                cur.put(lastKey, line.substring(eq + 3).trim());
            } else if (lastKey != null) {
                cur.merge(lastKey, line.trim(), String::concat);
            }
        }
        return out;
    }

    static List<Map<String, String>> xml(String output, String recordElement) {
        List<Map<String, String>> out = new ArrayList<>();
        if (output == null || output.isBlank()) {
            return out;
        }
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document doc = f.newDocumentBuilder().parse(new InputSource(new StringReader(output)));
            for (Node n = doc.getDocumentElement().getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e && e.getTagName().equals(recordElement)) {
                    Map<String, String> a = new HashMap<>();
                    flatten(e, "", a);
                    out.add(a);
                }
            }
            return out;
        } catch (Exception e) {
            throw new IllegalStateException("unreadable XML from the TORQUE server: " + e.getMessage(), e);
        }
    }

    private static void flatten(Element e, String prefix, Map<String, String> into) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c) {
                boolean leaf = true;
                for (Node g = c.getFirstChild(); g != null; g = g.getNextSibling()) {
                    leaf &= !(g instanceof Element);
                }
                if (leaf) {
                    into.put(prefix + c.getTagName(), c.getTextContent());
                } else {
                    flatten(c, prefix + c.getTagName() + ".", into);
                }
            }
        }
    }
}
