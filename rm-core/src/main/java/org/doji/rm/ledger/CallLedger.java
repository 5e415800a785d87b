package org.doji.rm.ledger;

import java.util.Optional;
import java.util.function.Function;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;

/**
 * The one correlation-id ledger of Doji's mutating calls: the RM kernel's, the GRC's user port's and the GRC's
 * RM port's. A call is named by its scope, its caller and its correlation id. A repeat with the same payload gets
 * the first call's answer and changes nothing; the same id with another payload is refused
 * ({@code CORRELATION_ID_REUSED}); a call without an id is refused ({@code CORRELATION_ID_MISSING}).
 *
 * <p>The ledger decides; the caller stores the answer in the same database transaction as the change it
 * answers (each product in its own table), so that a change and its answer are durable together, and checks and
 * records under the lock that serialises the change, so that two copies of one call never both run.
 */
public final class CallLedger {

    private final Function<String, Optional<RecordedCall>> recorded;

    /** @param recorded reads a recorded call by its id */
    public CallLedger(Function<String, Optional<RecordedCall>> recorded) {
        this.recorded = recorded;
    }

    /** Refuses a missing or blank correlation id. */
    public static void requireCorrelationId(String correlationId) {
        if (correlationId == null || correlationId.isBlank()) {
            throw DojiException.invalidField("correlationId", "CORRELATION_ID_MISSING", "a correlation id is required");
        }
    }

    /** The id a call has in the ledger: its scope (may be empty), caller and correlation id. */
    public static String callId(String scope, Caller caller, String correlationId) {
        requireCorrelationId(correlationId);
        return (scope.isEmpty() ? "" : scope + ":") + caller.name() + ":" + correlationId;
    }

    /**
     * The answer of an earlier call with this id (a repeat), or empty for a new call, which the caller runs and
     * records. Refuses the id if the earlier call carried another payload.
     */
    public Optional<String> repeated(String callId, String correlationId, String operation, String payloadHash) {
        Optional<RecordedCall> previous = recorded.apply(callId);
        if (previous.isEmpty()) {
            return Optional.empty();
        }
        RecordedCall call = previous.get();
        if (!call.payloadHash().equals(payloadHash)) {
            String what = call.operation() == null ? operation : call.operation();
            throw DojiException.invalidField("correlationId", "CORRELATION_ID_REUSED",
                    "correlation id " + correlationId + " was already used for a different " + what + " call");
        }
        return Optional.ofNullable(call.answer());
    }
}
