package org.doji.crm.torque.sched;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A TORQUE resource expression reduced to what placement needs: either a list of node groups
 * ({@code nodes=2:ppn=4+1:ppn=2}, each group N nodes with P cores on each) or a plain core count
 * ({@code procs=8}, {@code ncpus=8}, {@code size=8}) that may be spread over any nodes.
 */
public record ResourceExpression(List<NodeGroup> groups, int looseCores) {

    public record NodeGroup(int count, int ppn) {
        public NodeGroup {
            if (count < 1 || ppn < 1) {
                throw new IllegalArgumentException("node group needs count >= 1 and ppn >= 1");
            }
        }
    }

    public ResourceExpression {
        groups = List.copyOf(groups);
        if (looseCores < 0 || (groups.isEmpty() && looseCores == 0)) {
            throw new IllegalArgumentException("a job needs at least one core");
        }
    }

    public static ResourceExpression cores(int n) {
        return new ResourceExpression(List.of(), n);
    }

    public int totalCores() {
        int sum = looseCores;
        for (NodeGroup g : groups) {
            sum += g.count * g.ppn;
        }
        return sum;
    }

    /**
     * Parses the node/core part of a TORQUE {@code -l} list, e.g. {@code nodes=2:ppn=4,walltime=1:00:00}
     * or {@code procs=8}. Host names in node specs ({@code nodes=n1:ppn=2}) count as one node each;
     * properties other than ppn are ignored. No node or core spec at all means one core.
     */
    public static ResourceExpression parse(String list) {
        List<NodeGroup> groups = new ArrayList<>();
        int loose = 0;
        if (list != null) {
            for (String item : list.split(",")) {
                String[] kv = item.trim().split("=", 2);
                if (kv.length != 2) {
                    continue;
                }
                String key = kv[0].trim().toLowerCase(Locale.ROOT);
                String value = kv[1].trim();
                switch (key) {
                    case "nodes" -> groups.addAll(parseNodes(value));
                    case "procs", "ncpus", "size", "mppwidth" -> loose += positive(value, key);
                    default -> { }
                }
            }
        }
        if (groups.isEmpty() && loose == 0) {
            loose = 1;
        }
        return new ResourceExpression(groups, loose);
    }

    private static List<NodeGroup> parseNodes(String spec) {
        List<NodeGroup> out = new ArrayList<>();
        for (String part : spec.split("\\+")) {
            String[] fields = part.trim().split(":");
            int count = fields[0].chars().allMatch(Character::isDigit) && !fields[0].isEmpty()
                    ? positive(fields[0], "nodes") : 1;
            int ppn = 1;
            for (int i = 1; i < fields.length; i++) {
                if (fields[i].startsWith("ppn=")) {
                    ppn = positive(fields[i].substring(4), "ppn");
                }
            }
            out.add(new NodeGroup(count, ppn));
        }
        return out;
    }

    private static int positive(String s, String what) {
        try {
            int v = Integer.parseInt(s.trim());
            if (v < 1) {
                throw new IllegalArgumentException(what + " must be >= 1: " + s);
            }
            return v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad " + what + " value: " + s, e);
        }
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (NodeGroup g : groups) {
            sb.append(sb.isEmpty() ? "nodes=" : "+").append(g.count).append(":ppn=").append(g.ppn);
        }
        if (looseCores > 0) {
            sb.append(sb.isEmpty() ? "" : ",").append("procs=").append(looseCores);
        }
        return sb.toString();
    }
}
