package org.doji.grc.tx;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.model.ReservationView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RM calls of two-phase commit for one participant, each sent once with the participant's correlation id
 * for its round (so a resend is idempotent at the RM) and timed ({@code doji.grc.rm.call}). Never throws for
 * an RM's failure: it comes back as the {@link Answer}.
 */
public final class ParticipantCalls {

    private static final Logger log = LoggerFactory.getLogger(ParticipantCalls.class);

    private final RmDirectory rms;
    private final Caller self;
    private final Supplier<String> consumer;
    private final MeterRegistry meters;

    /**
     * @param consumer where RMs send notifications about this coordinator's holds (its notification consumer
     *                 address), or null for none
     */
    public ParticipantCalls(RmDirectory rms, Caller self, Supplier<String> consumer, MeterRegistry meters) {
        this.rms = rms;
        this.self = self;
        this.consumer = consumer;
        this.meters = meters;
    }

    public RmDirectory directory() {
        return rms;
    }

    /** Phase one of the participant's step in its current round. */
    public Answer prepare(String txId, Participant p) {
        return prepare(txId, p, null);
    }

    /** Phase one of the participant's step once more, under its own name ({@code again}: a fresh correlation id). */
    public Answer prepare(String txId, Participant p, String again) {
        String id = p.correlation(txId, again == null ? p.step().operation() : p.step().operation() + "-" + again);
        return call(p.rmId(), p.step().operation(), rm -> switch (p.step()) {
            case RESERVE -> rm.reserve(self, id, p.spec(), consumer.get());
            case MODIFY -> rm.modify(self, p.key(), id, p.spec());
            case CANCEL -> rm.cancel(self, p.key(), id);
        });
    }

    public Answer commit(String txId, Participant p) {
        return call(p.rmId(), "commit", rm -> rm.commit(self, p.key(), p.correlation(txId, "commit")));
    }

    public Answer abort(String txId, Participant p) {
        return abort(txId, p, "abort");
    }

    /** An abort under its own name ({@code operation}), e.g. clearing an expired hold before a new round. */
    public Answer abort(String txId, Participant p, String operation) {
        return call(p.rmId(), "abort", rm -> rm.abort(self, p.key(), p.correlation(txId, operation)));
    }

    /** Phase one of a cancel of the participant's reservation, under its own name (releasing a part). */
    public Answer cancel(String txId, Participant p, String operation) {
        return call(p.rmId(), "cancel", rm -> rm.cancel(self, p.key(), p.correlation(txId, operation)));
    }

    public Answer commit(String txId, Participant p, String operation) {
        return call(p.rmId(), "commit", rm -> rm.commit(self, p.key(), p.correlation(txId, operation)));
    }

    /** The reservation as the RM sees it now. */
    public Answer get(String rmId, String key) {
        return call(rmId, "get", rm -> rm.get(self, key));
    }

    private Answer call(String rmId, String operation, java.util.function.Function<ResourceManager, ReservationView> body) {
        long t0 = System.nanoTime();
        String address = null;
        try {
            address = rms.address(rmId);
            ReservationView v = body.apply(rms.rm(rmId));
            record(rmId, operation, "ok", t0);
            return new Answer(rmId, address, v, null);
        } catch (DojiException e) {
            record(rmId, operation, e.errorCode(), t0);
            if (Answer.isTransient(e.errorCode())) {
                log.warn("RM {} did not answer {}: {}", rmId, operation, e.getMessage());
            } else {
                log.info("RM {} refused {}: {} {}", rmId, operation, e.errorCode(), e.getMessage());
            }
            return new Answer(rmId, address, null, e);
        } catch (RuntimeException e) {
            // not a typed failure (a client library's): the RM may or may not have acted, so it is retried
            record(rmId, operation, "RM_UNREACHABLE", t0);
            log.warn("RM {} call {} failed: {}", rmId, operation, e.toString());
            return new Answer(rmId, address, null, new DojiException(FaultKind.RESOURCE_UNAVAILABLE, "RM_UNREACHABLE",
                    operation + " at " + rmId + " failed: " + e.getMessage()));
        }
    }

    private void record(String rmId, String operation, String outcome, long startNanos) {
        Timer.builder("doji.grc.rm.call").tag("rm", rmId).tag("operation", operation)
                .tag("outcome", outcome == null ? "error" : outcome).register(meters)
                .record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    }
}
