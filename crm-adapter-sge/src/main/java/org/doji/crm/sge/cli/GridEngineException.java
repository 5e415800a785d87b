package org.doji.crm.sge.cli;

import java.util.Locale;
import org.doji.crm.batch.CommandFailedException;
import org.doji.crm.batch.CommandRunner.Result;

/** A Grid Engine command failed: the batch commands' failure, with {@link #reason()} classifying its message. */
public class GridEngineException extends CommandFailedException {

    /** Failure classes the adapter reacts to differently. */
    public enum Reason { NOT_FOUND, ALREADY_EXISTS, BUSY, UNREACHABLE, REFUSED, OTHER }

    public GridEngineException(String what, Result result) {
        super(what, result);
    }

    /** A failure found by the adapter itself (no command's output), e.g. an answer it cannot read. */
    public GridEngineException(String what, String message) {
        this(what, new Result(-1, "", message));
    }

    public Reason reason() {
        return classify(result().message());
    }

    /** Classifies the message texts Grid Engine 8.1 prints (see the recorded error fixtures). */
    public static Reason classify(String output) {
        String o = output.toLowerCase(Locale.ROOT);
        if (o.contains("unable to contact qmaster") || o.contains("commlib error") || o.contains("unable to send message")
                || o.contains("cannot start") || o.contains("command not found") || o.contains("timed out")) {
            // the last two are the runner's texts for a tool that is missing (exit 127) or hung (124)
            return Reason.UNREACHABLE;
        }
        if (o.contains("still running jobs") || o.contains("still referenced")) {
            return Reason.BUSY;
        }
        if (o.contains("already exists")) {
            return Reason.ALREADY_EXISTS;
        }
        if (o.contains("does not exist") || o.contains("no cluster queue or queue instance matches")
                || o.contains("invalid queue")) {
            return Reason.NOT_FOUND;
        }
        if (o.contains("no suitable queues") || o.contains("denied")) {
            return Reason.REFUSED;
        }
        return Reason.OTHER;
    }
}
