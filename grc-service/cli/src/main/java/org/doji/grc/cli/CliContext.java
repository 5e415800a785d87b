package org.doji.grc.cli;

import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * What the CLI runs against: where it prints, the environment it reads defaults from, the clock (for
 * relative times and progress), how it pauses between polls, how it makes GRC ports for given settings,
 * and whether it talks to a terminal.
 */
public record CliContext(PrintWriter out, PrintWriter err, Map<String, String> env, Clock clock, Pacer pacer,
                         BiFunction<java.time.Duration, Credentials, GrcPorts> ports, boolean interactive) {

    /** Not interactive: progress is printed as plain lines (pipes, files, tests). */
    public CliContext(PrintWriter out, PrintWriter err, Map<String, String> env, Clock clock, Pacer pacer,
                      BiFunction<java.time.Duration, Credentials, GrcPorts> ports) {
        this(out, err, env, clock, pacer, ports, false);
    }

    /** Pauses between two polls of a co-allocation's state. */
    public interface Pacer {
        void pause(Duration d) throws InterruptedException;
    }

    /** The product's pacer: the calling thread waits out the poll interval. */
    public static final Pacer SLEEP = d -> Thread.sleep(d.toMillis());

    /**
     * The real thing: System.out/err, the process environment, the system clock, sleeping, CXF ports;
     * interactive when both ends are a terminal (then the current state's line is updated in place).
     */
    public static CliContext system() {
        return new CliContext(new PrintWriter(System.out, true), new PrintWriter(System.err, true), System.getenv(),
                Clock.systemUTC(), SLEEP, GrcPorts::cxf, System.console() != null);
    }
}
