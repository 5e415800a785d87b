package org.doji.crm.batch;

/** A batch-system command failed; carries the command's own message and result. */
public class CommandFailedException extends RuntimeException {

    private final transient CommandRunner.Result result;

    public CommandFailedException(String what, CommandRunner.Result result) {
        super(what + " failed (exit " + result.exitCode() + "): " + result.message());
        this.result = result;
    }

    public CommandRunner.Result result() {
        return result;
    }
}
