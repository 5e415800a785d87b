package org.doji.grc.cli;

import java.time.Duration;
import picocli.CommandLine.Option;

/** How a command that waits for a co-allocation to settle polls it (reserve, modify, cancel). */
final class WaitOptions {

    @Option(names = "--poll-interval", paramLabel = "DURATION", defaultValue = "500ms",
            description = "How often to poll the state while waiting (default ${DEFAULT-VALUE})")
    String pollInterval;

    @Option(names = "--wait-timeout", paramLabel = "DURATION", defaultValue = "10m",
            description = "Give up waiting after this long, exit code 5 (default ${DEFAULT-VALUE})")
    String waitTimeout;

    /** A watcher with these settings (validated here: a bad duration is exit code 2 before anything is sent). */
    ProgressWatcher watcher(GrcClient client, CliContext ctx, Output out) {
        Duration interval = TimeArgs.duration("--poll-interval", pollInterval);
        Duration wait = TimeArgs.duration("--wait-timeout", waitTimeout);
        return new ProgressWatcher(client, ctx, out, interval, wait);
    }
}
