package org.doji.crm.sge.backend;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The full cluster queue and user set files of one reservation queue. qconf -Aq accepts only complete
 * templates, so every attribute is written; the queue starts disabled so that jobs submitted at once wait.
 */
public final class QueueTemplate {

    private QueueTemplate() {
    }

    /**
     * @param slotsPerHost host name to its slots, in host list order
     * @param pe           parallel environment offered in the queue
     */
    public static String queue(String name, Map<String, Integer> slotsPerHost, String pe) {
        String hosts = String.join(" ", slotsPerHost.keySet());
        int common = slotsPerHost.values().stream().mapToInt(Integer::intValue).max().orElse(1);
        String overrides = slotsPerHost.entrySet().stream().filter(e -> e.getValue() != common)
                .map(e -> ",[" + e.getKey() + "=" + e.getValue() + "]").collect(Collectors.joining());
        Map<String, String> a = new LinkedHashMap<>();
        a.put("qname", name);
        a.put("hostlist", hosts);
        a.put("seq_no", "0");
        a.put("load_thresholds", "NONE");
        a.put("suspend_thresholds", "NONE");
        a.put("nsuspend", "1");
        a.put("suspend_interval", "00:05:00");
        a.put("priority", "0");
        a.put("min_cpu_interval", "00:05:00");
        a.put("processors", "UNDEFINED");
        a.put("qtype", "BATCH INTERACTIVE");
        a.put("ckpt_list", "NONE");
        a.put("pe_list", pe);
        a.put("rerun", "FALSE");
        a.put("slots", common + overrides);
        a.put("tmpdir", "/tmp");
        a.put("shell", "/bin/sh");
        a.put("prolog", "NONE");
        a.put("epilog", "NONE");
        a.put("shell_start_mode", "posix_compliant");
        a.put("starter_method", "NONE");
        a.put("suspend_method", "NONE");
        a.put("resume_method", "NONE");
        a.put("terminate_method", "NONE");
        a.put("notify", "00:00:60");
        a.put("owner_list", "NONE");
        a.put("user_lists", name);
        a.put("xuser_lists", "NONE");
        a.put("subordinate_list", "NONE");
        a.put("complex_values", "NONE");
        a.put("projects", "NONE");
        a.put("xprojects", "NONE");
        a.put("calendar", "NONE");
        a.put("initial_state", "disabled");
        for (String limit : List.of("rt", "cpu", "fsize", "data", "stack", "core", "rss", "vmem")) {
            a.put("s_" + limit, "INFINITY");
            a.put("h_" + limit, "INFINITY");
        }
        return a.entrySet().stream().map(e -> String.format("%-20s %s", e.getKey(), e.getValue()))
                .collect(Collectors.joining("\n", "", "\n"));
    }

    /** The access list (ACL user set) of the queue, named like the queue. */
    public static String userSet(String name, List<String> users) {
        return "name    " + name + "\ntype    ACL\nfshare  0\noticket 0\nentries "
                + (users.isEmpty() ? "NONE" : String.join(",", users)) + "\n";
    }
}
