package org.doji.crm.torque;

import org.doji.crm.batch.CommandRunner;

/** A TORQUE command failed; carries the command's own message. */
public class TorqueCommandException extends RuntimeException {

    private final transient CommandRunner.Result result;

    public TorqueCommandException(String what, CommandRunner.Result result) {
        super(what + " failed (exit " + result.exitCode() + "): " + result.message());
        this.result = result;
    }

    public CommandRunner.Result result() {
        return result;
    }
}
