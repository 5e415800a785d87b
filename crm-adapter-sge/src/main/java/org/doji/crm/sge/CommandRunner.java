package org.doji.crm.sge;

import java.time.Duration;
import java.util.List;

/** The boundary to the operating system: runs one command line. Fakes replace it in unit tests. */
public interface CommandRunner {

    /** Runs {@code argv} to completion (or its timeout) and returns what it printed. Never throws for a non-zero exit. */
    CommandResult run(List<String> argv);

    /** Exit code, both output streams and the wall time of one command. */
    record CommandResult(int exitCode, String stdout, String stderr, Duration elapsed) {

        public boolean ok() {
            return exitCode == 0;
        }

        /** Both streams: Grid Engine tools print their messages on either. */
        public String output() {
            return stdout.isEmpty() ? stderr : stderr.isEmpty() ? stdout : stdout + "\n" + stderr;
        }
    }
}
