package org.doji.crm.batch;

import java.util.List;

/**
 * The boundary to the batch system's command line. Production runs real processes
 * ({@link ProcessCommandRunner}); unit tests replay recorded outputs.
 */
public interface CommandRunner {

    /** Exit code 127 with a message on stderr means the command does not exist. */
    record Result(int exitCode, String stdout, String stderr) {
        public boolean ok() {
            return exitCode == 0;
        }

        public String message() {
            String s = (stdout + "\n" + stderr).strip();
            return s.isEmpty() ? "exit code " + exitCode : s;
        }
    }

    Result run(List<String> argv);
}
