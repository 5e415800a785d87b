package org.doji.nrm.openflow.it;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.doji.nrm.openflow.config.OpenFlowNrmProperties;

/** The real Open vSwitch test network started by scripts/start.sh, driven from tests. */
public final class Ovs {

    public static final String BACKEND = "ovs";
    public static final int CONTROLLER_PORT = Integer.getInteger("doji.it.ovs.port", 6653);
    public static final List<OpenFlowNrmProperties.Endpoint> ENDPOINTS = List.of(
            new OpenFlowNrmProperties.Endpoint("site1", false, "301", 1, "10.0.0.1/32", 1000, null),
            new OpenFlowNrmProperties.Endpoint("site2", false, "302", 1, "10.0.0.2/32", 1000, null),
            new OpenFlowNrmProperties.Endpoint("site3", false, "303", 1, "10.0.0.3/32", 1000, null),
            new OpenFlowNrmProperties.Endpoint("site4", false, "304", 1, "10.0.0.4/32", 1000, null));

    public record Result(int exit, String out) {
    }

    private Ovs() {
    }

    /** Skips when the network is not up, unless -Ddoji.it.require names this backend (then fails). */
    public static void requireRunning() {
        boolean up = run("ovs-vsctl", "--timeout=5", "br-exists", "of-e1").exit() == 0
                && run("ip", "netns", "exec", "h1", "true").exit() == 0;
        boolean required = Arrays.asList(System.getProperty("doji.it.require", "").split(",")).contains(BACKEND);
        if (!up && required) {
            fail("Open vSwitch test network is not running but -Ddoji.it.require=" + BACKEND
                    + ": run nrm-adapter-openflow/scripts/install.sh && scripts/start.sh " + CONTROLLER_PORT);
        }
        assumeTrue(up, "Open vSwitch test network not running (scripts/start.sh)");
    }

    /**
     * The whole NRM's settings for the test network of scripts/start.sh: endpoints site1, site2, site3 on h1-h3 and
     * the exchange point xp on h4; the activation driver's tick 0.2 s, link use polled every 1 s.
     */
    public static Map<String, Object> rmProperties(String rmId) {
        Map<String, Object> props = new LinkedHashMap<>();
        props.put("doji.rm.id", rmId);
        props.put("doji.rm.kind", "NETWORK");
        props.put("doji.rm.domain", "ovs");
        props.put("doji.rm.tick-interval", "PT0.2S");
        props.put("doji.nrm.openflow.domain", "ovs");
        props.put("doji.nrm.openflow.expected-switches", "10");
        props.put("doji.nrm.openflow.poll-interval", "PT1S");
        String[][] endpoints = {{"site1", "301", "10.0.0.1/32"}, {"site2", "302", "10.0.0.2/32"},
            {"site3", "303", "10.0.0.3/32"}, {"xp", "304", "10.0.0.4/32"}};
        for (int i = 0; i < endpoints.length; i++) {
            String e = "doji.nrm.openflow.endpoints[" + i + "].";
            props.put(e + "name", endpoints[i][0]);
            props.put(e + "dpid", endpoints[i][1]);
            props.put(e + "port", "1");
            props.put(e + "prefix", endpoints[i][2]);
        }
        props.put("doji.nrm.openflow.endpoints[3].exchange-point", "true");
        return props;
    }

    /**
     * The two patch ports of a switch link id ({@code l-sw-201:1-sw-301:2}), as "bridge-side interface" names
     * ({@code p-a1-e1}, {@code p-e1-a1}); bridges by dpid as scripts/start.sh names them (1NN core, 2NN aggregation,
     * 3NN edge).
     */
    public static List<String> patchPorts(String linkId) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("l-sw-([0-9a-f]+):\\d+-sw-([0-9a-f]+):\\d+").matcher(linkId);
        if (!m.matches()) {
            throw new IllegalArgumentException("not a switch link: " + linkId);
        }
        String a = bridge(m.group(1));
        String b = bridge(m.group(2));
        return List.of("p-" + a + "-" + b, "p-" + b + "-" + a);
    }

    private static String bridge(String dpidHex) {
        long dpid = Long.parseLong(dpidHex, 16);
        char kind = switch ((int) (dpid >> 8)) {
            case 1 -> 'c';
            case 2 -> 'a';
            case 3 -> 'e';
            default -> throw new IllegalArgumentException("no bridge of dpid " + dpidHex);
        };
        return kind + Long.toString(dpid & 0xff);
    }

    /**
     * Cuts a switch link (its patch ports no longer peer: the cable is pulled; patch ports have no carrier, so only
     * LLDP can tell) or puts it back.
     */
    public static void cut(String linkId, boolean cut) {
        List<String> ports = patchPorts(linkId);
        String a = ports.get(0);
        String b = ports.get(1);
        Result r = run("ovs-vsctl", "set", "interface", a, "options:peer=" + (cut ? "p-unplugged-" + a : b),
                "--", "set", "interface", b, "options:peer=" + (cut ? "p-unplugged-" + b : a));
        if (r.exit() != 0) {
            throw new IllegalStateException("ovs-vsctl: " + r.out());
        }
    }

    public static Result run(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return new Result(-1, "timeout: " + String.join(" ", cmd));
            }
            return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            return new Result(-1, e.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted");
        }
    }

    /**
     * Waits (at most 3 s) until pings from one host to another pass or are dropped, as expected; the
     * userspace datapath revalidates its flow cache asynchronously after a flow table change.
     */
    public static boolean pingConverges(int fromHost, int toHost, boolean expectPass) {
        try {
            org.awaitility.Awaitility.await().pollInterval(java.time.Duration.ofMillis(100))
                    .atMost(java.time.Duration.ofSeconds(3)).until(() -> ping(fromHost, toHost) == expectPass);
            return expectPass;
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            return !expectPass;
        }
    }

    public static boolean ping(int fromHost, int toHost) {
        return run("ip", "netns", "exec", "h" + fromHost, "ping", "-c", "1", "-W", "1", "10.0.0." + toHost).exit()
                == 0;
    }

    public static String dumpFlows(String bridge) {
        return run("ovs-ofctl", "-O", "OpenFlow13", "dump-flows", bridge).out();
    }

    public static String dumpMeters(String bridge) {
        return run("ovs-ofctl", "-O", "OpenFlow13", "dump-meters", bridge).out();
    }
}
