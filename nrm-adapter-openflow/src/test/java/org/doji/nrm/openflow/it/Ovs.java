package org.doji.nrm.openflow.it;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
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
