package org.doji.crm.slurm;

import org.doji.crm.batch.CommandRunner;

/** A Slurm command failed; carries its own message. */
public class SlurmCommandException extends RuntimeException {

    public SlurmCommandException(String what, CommandRunner.Result result) {
        super(what + " failed (exit " + result.exitCode() + "): " + result.message());
    }
}
