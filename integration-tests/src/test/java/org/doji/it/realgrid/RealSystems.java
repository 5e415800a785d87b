package org.doji.it.realgrid;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the real systems themselves hold, read with their own commands: Grid Engine's advance reservations
 * ({@code qrstat -xml}) and jobs, TORQUE's jobs ({@code qstat -f}), Slurm's reservations ({@code scontrol show
 * reservation}) and jobs, and the wide-area switches' reservation flows and meters ({@code ovs-ofctl}).
 */
final class RealSystems {

    /** A reservation as a batch system shows it: its id (Grid Engine: the AR id; Slurm: the name), its window, and its nodes with their slots (cores). */
    record Booking(String id, Instant start, Instant end, Map<String, Integer> slots) {
        int totalSlots() {
            return slots.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    /** A job as a batch system shows it. */
    record Job(String id, String state, String binding) {
    }

    static final List<String> WAN_SWITCHES = List.of("rg-w1", "rg-w2", "rg-w3");
    private static final Pattern AR = Pattern.compile("<ar_summary>(.*?)</ar_summary>", Pattern.DOTALL);
    private static final Pattern SLOTS = Pattern.compile("queue_instance=\"[^@\"]*@([^\"]+)\" slots=\"(\\d+)\"");
    private static final ZoneId ZONE = ZoneId.systemDefault();

    private RealSystems() {
    }

    /** Grid Engine's advance reservations whose names start with {@code prefix}, by name (with their slots). */
    static Map<String, Booking> gridEngineReservations(String prefix) {
        Map<String, Booking> out = new LinkedHashMap<>();
        Matcher m = AR.matcher(Shell.ok(Shell.SGE + "qrstat", "-u", "*", "-xml"));
        while (m.find()) {
            String name = tag(m.group(1), "name");
            if (name == null || !name.startsWith(prefix) || "d".equals(tag(m.group(1), "state"))) {
                continue; // an AR in state d is being deleted
            }
            String detail = Shell.ok(Shell.SGE + "qrstat", "-ar", tag(m.group(1), "id"), "-xml");
            Map<String, Integer> slots = new LinkedHashMap<>();
            Matcher s = SLOTS.matcher(detail);
            while (s.find()) {
                slots.merge(s.group(1), Integer.parseInt(s.group(2)), Integer::sum);
            }
            out.put(name, new Booking(tag(m.group(1), "id"), local(tag(m.group(1), "start_time")),
                    local(tag(m.group(1), "end_time")), slots));
        }
        return out;
    }

    /** Grid Engine's pending and running jobs (every user): id → state, with the AR they are bound to. */
    static List<Job> gridEngineJobs() {
        List<Job> out = new ArrayList<>();
        Matcher m = Pattern.compile("<job_list state=\"[^\"]*\">(.*?)</job_list>", Pattern.DOTALL)
                .matcher(Shell.ok(Shell.SGE + "qstat", "-u", "*", "-xml"));
        while (m.find()) {
            String id = tag(m.group(1), "JB_job_number");
            String ar = Shell.run(Shell.SGE + "qstat", "-j", id).out().lines().filter(l -> l.startsWith("ar_id:"))
                    .map(l -> l.substring(6).trim()).findFirst().orElse("");
            out.add(new Job(id, tag(m.group(1), "state"), ar));
        }
        return out;
    }

    /** TORQUE's jobs not completed (state C is kept for a while: those are done), with their account string. */
    static List<Job> torqueJobs() {
        List<Job> out = new ArrayList<>();
        for (String block : Shell.ok(Shell.TORQUE + "qstat", "-f").split("\n(?=Job Id: )")) {
            Matcher id = Pattern.compile("Job Id: (\\S+)").matcher(block);
            if (!id.find()) {
                continue;
            }
            String state = attribute(block, "job_state");
            if (!"C".equals(state)) {
                out.add(new Job(id.group(1), state, attribute(block, "Account_Name")));
            }
        }
        return out;
    }

    /** Slurm's reservations whose names start with {@code prefix}, by name. */
    static Map<String, Booking> slurmReservations(String prefix) {
        Map<String, Booking> out = new LinkedHashMap<>();
        for (String line : Shell.ok("scontrol", "-o", "show", "reservation").split("\n")) {
            Map<String, String> kv = keyValues(line);
            String name = kv.get("ReservationName");
            if (name == null || !name.startsWith(prefix)) {
                continue;
            }
            Map<String, Integer> slots = new LinkedHashMap<>();
            for (String node : expand(kv.getOrDefault("Nodes", ""))) {
                slots.put(node, 0); // Slurm reserves whole nodes; their cores: CoreCnt for all of them
            }
            if (!slots.isEmpty()) {
                int each = Integer.parseInt(kv.getOrDefault("CoreCnt", "0")) / slots.size();
                slots.replaceAll((n, c) -> each);
            }
            out.put(name, new Booking(name, local(kv.get("StartTime")), local(kv.get("EndTime")), slots));
        }
        return out;
    }

    /** Slurm's jobs (pending or running) with the reservation they are bound to. */
    static List<Job> slurmJobs() {
        List<Job> out = new ArrayList<>();
        for (String line : Shell.ok("squeue", "-h", "-o", "%i|%T|%v").split("\n")) {
            String[] f = line.split("\\|", -1);
            if (f.length == 3) {
                out.add(new Job(f[0].trim(), f[1], "(null)".equals(f[2]) ? "" : f[2]));
            }
        }
        return out;
    }

    /** Per wide-area switch, the flows of reservations (every flow but the operator's cookie-0 and the LLDP punt). */
    static Map<String, List<String>> reservationFlows() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String sw : WAN_SWITCHES) {
            out.put(sw, Shell.ok("ovs-ofctl", "-O", "OpenFlow13", "dump-flows", sw).lines()
                    .filter(l -> l.contains("cookie=") && !l.contains("cookie=0x0,") && !l.contains("dl_type=0x88cc"))
                    .map(String::trim).toList());
        }
        return out;
    }

    /** Per wide-area switch, its meters. */
    static Map<String, List<String>> meters() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String sw : WAN_SWITCHES) {
            out.put(sw, Shell.ok("ovs-ofctl", "-O", "OpenFlow13", "dump-meters", sw).lines()
                    .filter(l -> l.startsWith("meter=")).map(String::trim).toList());
        }
        return out;
    }

    /** Whether a socket listens on TCP {@code port} in network namespace {@code ns} (asked of the kernel: no connection is made). */
    static boolean listening(String ns, int port) {
        return !Shell.ok("ip", "netns", "exec", ns, "ss", "-H", "-l", "-t", "-n", "sport = :" + port).isBlank();
    }

    static int count(Map<String, List<String>> perSwitch) {
        return perSwitch.values().stream().mapToInt(List::size).sum();
    }

    /** Slurm's node list form {@code n[1-3,5]} or {@code n1,n2}. */
    static List<String> expand(String nodes) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("([A-Za-z]+)(?:\\[([^]]+)]|(\\d+))").matcher(nodes);
        while (m.find()) {
            if (m.group(3) != null) {
                out.add(m.group(1) + m.group(3));
                continue;
            }
            for (String part : m.group(2).split(",")) {
                String[] r = part.split("-");
                int from = Integer.parseInt(r[0]);
                int to = r.length > 1 ? Integer.parseInt(r[1]) : from;
                for (int i = from; i <= to; i++) {
                    out.add(m.group(1) + i);
                }
            }
        }
        return out;
    }

    private static Map<String, String> keyValues(String line) {
        Map<String, String> kv = new LinkedHashMap<>();
        for (String token : line.trim().split("\\s+")) {
            int eq = token.indexOf('=');
            if (eq > 0) {
                kv.put(token.substring(0, eq), token.substring(eq + 1));
            }
        }
        return kv;
    }

    private static String attribute(String block, String name) {
        Matcher m = Pattern.compile("\\n\\s+" + name + " = (\\S+)").matcher(block);
        return m.find() ? m.group(1) : null;
    }

    private static String tag(String xml, String name) {
        Matcher m = Pattern.compile("<" + name + ">([^<]*)</" + name + ">").matcher(xml);
        return m.find() ? m.group(1).trim() : null;
    }

    private static Instant local(String time) {
        return time == null ? null : LocalDateTime.parse(time).atZone(ZONE).toInstant();
    }
}
