package org.doji.grc.cli;

import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.doji.contract.grc.AdministratorPolicies;
import org.doji.contract.grc.ResourceManagerList;
import org.doji.contract.grc.ResourceManagerStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code doji rms}: the RMs registered at the GRC, their sites and health. */
@Command(name = "rms", description = "The resource managers registered at the GRC: kind, domain, sites, and health "
        + "from the GRC's periodic probe (up, DOWN, or ? before the first probe).")
class RmsCommand implements Callable<Integer> {

    private final DojiCli root;

    @Option(names = "--check", description = "Exit 1 when any RM is down or not yet probed (for monitoring scripts)")
    boolean check;

    RmsCommand(DojiCli root) {
        this.root = root;
    }

    @Override
    public Integer call() {
        ResourceManagerList list = root.client().resourceManagers();
        // the GRC's registry answers in no particular order: compute RMs first, then network RMs, each by id
        List<ResourceManagerStatus> rms = list.getResourceManager().stream().sorted(Comparator
                .comparing((ResourceManagerStatus rm) -> rm.getKind() == null ? "~" : rm.getKind().toString())
                .thenComparing(ResourceManagerStatus::getId)).toList();
        root.output().result(() -> rms.stream().map(RmsCommand::view).toList(), w -> {
            Table t = new Table("RM", "KIND", "DOMAIN", "SITES", "HEALTH", "LATENCY", "CHECKED", "ADDRESS", "LAST ERROR");
            for (ResourceManagerStatus rm : rms) {
                t.row(rm.getId(), rm.getKind(), rm.getDomain(), String.join(",", rm.getSite()), health(rm),
                        rm.getLatencyMillis() == null ? null : String.format(Locale.ROOT, "%.1fms", rm.getLatencyMillis()),
                        rm.getLastChecked() == null ? null : rm.getLastChecked().truncatedTo(ChronoUnit.SECONDS), rm.getAddress(), rm.getLastError());
            }
            t.print(w, "");
            AdministratorPolicies p = list.getPolicies();
            if (p != null) {
                w.printf(Locale.ROOT, "%nPolicies: load spread weight %s; preferences %s%n", number(p.getLoadSpreadWeight()),
                        p.getPreference().isEmpty() ? "none (every factor 1)" : p.getPreference().stream()
                                .map(f -> f.getResource() + "=" + number(f.getFactor())).collect(Collectors.joining(", ")));
            }
        });
        boolean allUp = list.getResourceManager().stream().allMatch(rm -> Boolean.TRUE.equals(rm.isReachable()));
        return check && !allUp ? ExitCode.FAILED.code() : ExitCode.OK.code();
    }

    private static String number(double d) {
        return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }

    private static String health(ResourceManagerStatus rm) {
        return rm.isReachable() == null ? "?" : rm.isReachable() ? "up" : "DOWN";
    }

    private static Map<String, Object> view(ResourceManagerStatus rm) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", rm.getId());
        m.put("address", rm.getAddress());
        m.put("kind", rm.getKind());
        m.put("domain", rm.getDomain());
        m.put("sites", rm.getSite());
        m.put("reachable", rm.isReachable());
        m.put("latencyMillis", rm.getLatencyMillis());
        m.put("lastChecked", Views.time(rm.getLastChecked()));
        m.put("lastSuccess", Views.time(rm.getLastSuccess()));
        m.put("lastError", rm.getLastError());
        return m;
    }
}
