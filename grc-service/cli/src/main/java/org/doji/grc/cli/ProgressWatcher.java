package org.doji.grc.cli;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import org.doji.contract.types.CoAllocationDocument;
import org.doji.contract.types.CoAllocationState;
import org.doji.contract.types.RmOutcome;

/**
 * Follows a co-allocation through Planning, Reserving and Committing (or a change through Modifying or
 * Cancelling) by polling its resource-property document,
 * printing one line per state change (readable in a pipe), until it settles. On a terminal the current
 * state's line is updated in place with the elapsed time, and replaced by the next state's.
 */
final class ProgressWatcher {

    private final GrcClient client;
    private final CliContext ctx;
    private final Output output;
    private final Duration interval;
    private final Duration waitTimeout;

    ProgressWatcher(GrcClient client, CliContext ctx, Output output, Duration interval, Duration waitTimeout) {
        this.client = client;
        this.ctx = ctx;
        this.output = output;
        this.interval = interval;
        this.waitTimeout = waitTimeout;
    }

    /** Nothing in progress: Reserved or Active, or final. Any other state (also one this client does not know) is in progress. */
    static boolean settled(CoAllocationState s) {
        return s == CoAllocationState.RESERVED || s == CoAllocationState.ACTIVE || s == CoAllocationState.COMPLETED
                || s == CoAllocationState.CANCELLED || s == CoAllocationState.FAILED;
    }

    /** Polls until nothing is in progress any more; exit code 5 after the wait timeout. */
    CoAllocationDocument follow(GrcRef ref, CoAllocationDocument first) {
        Instant started = ctx.clock().instant();
        Instant deadline = started.plus(waitTimeout);
        CoAllocationState last = null;
        CoAllocationDocument doc = first != null ? first : client.document(ref);
        while (true) {
            boolean live = ctx.interactive() && !output.json();
            if (doc.getState() != last) {
                last = doc.getState();
                if (live && !settled(doc.getState())) {
                    output.liveProgress(line(started, doc), true);
                } else {
                    output.progress(line(started, doc));
                }
            } else if (live) {
                output.liveProgress(line(started, doc), false);
            }
            if (settled(doc.getState())) {
                return doc;
            }
            if (!ctx.clock().instant().isBefore(deadline)) {
                throw new CliException(ExitCode.WAIT_TIMEOUT, "co-allocation " + ref.key() + " is still "
                        + doc.getState().value() + " after " + waitTimeout + "; follow it with 'doji status " + ref.key() + "'");
            }
            try {
                ctx.pacer().pause(interval);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CliException(ExitCode.WAIT_TIMEOUT, "interrupted while waiting for " + ref.key());
            }
            doc = client.document(ref);
        }
    }

    private String line(Instant started, CoAllocationDocument doc) {
        double seconds = Duration.between(started, ctx.clock().instant()).toMillis() / 1000.0;
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "[%6.1fs] %-9s", seconds, doc.getState().value()));
        switch (doc.getState()) {
            case PLANNING -> b.append(" asking the RMs and solving");
            case RESERVING -> b.append(" two-phase reservation at ").append(doc.getRm().size()).append(" RM(s)");
            case COMMITTING -> b.append(" commit decided, waiting for every RM to acknowledge it");
            case MODIFYING -> b.append(" modification in progress at the RMs");
            case CANCELLING -> b.append(" cancel in progress, waiting for every RM to acknowledge it");
            case RESERVED, ACTIVE -> b.append(" all RMs committed");
            case FAILED -> { }
            default -> {
                if (doc.getReason() != null) {
                    b.append(' ').append(doc.getReason());
                }
            }
        }
        return b.toString().stripTrailing();
    }

    /** Per-RM reasons of a failed co-allocation, one line each. */
    static void reasons(java.io.PrintWriter out, CoAllocationDocument doc) {
        out.println("co-allocation " + doc.getKey() + " " + doc.getState().value()
                + (doc.getReason() == null ? "" : ": " + doc.getReason()));
        for (RmOutcome o : doc.getRm()) {
            if (o.getErrorCode() != null || o.getMessage() != null) {
                out.println("  " + o.getRmId() + ": " + (o.getErrorCode() == null ? "" : o.getErrorCode() + " ")
                        + (o.getMessage() == null ? "" : o.getMessage()));
            }
        }
    }
}
