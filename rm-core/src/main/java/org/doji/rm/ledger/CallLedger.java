package org.doji.rm.ledger;

import java.util.Optional;
import java.util.function.Function;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.util.JsonCodec;

/**
 * The one correlation-id ledger of Doji's mutating calls: the RM kernel's, the GRC's user port's and the GRC's
 * RM port's. A call is named by its scope, its caller and its correlation id. A repeat with the same payload gets
 * the first call's answer and changes nothing; the same id with another payload is refused
 * ({@code CORRELATION_ID_REUSED}); a call without an id is refused ({@code CORRELATION_ID_MISSING}). A call that
 * was refused for what it asked (not for a failure of the service) is recorded with its refusal, and a repeat is
 * refused the same way: a copy of it that arrives late, after the caller took the refusal and moved on, must not
 * act then.
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
        if (call.refusal() != null) {
            throw readRefusal(call.refusal());
        }
        return Optional.ofNullable(call.answer());
    }

    /** The stored form of a refusal. */
    record Refusal(FaultKind kind, String errorCode, String message) {
    }

    private static final JsonCodec JSON = new JsonCodec();
    /** A refusal's message is kept up to this length (its column holds 4000 characters with the rest of it). */
    private static final int MAX_MESSAGE = 3000;

    /**
     * Whether a repeat of the call must get this refusal again: a refusal that depends on the state of the service
     * (what is free, what state the reservation is in), so that the same call could act later. A refusal of the call
     * itself (invalid, unknown, not allowed) is the same whenever it is repeated and is not stored (hostile input
     * stores nothing); nor is a failure of the service or of reaching it, after which the same call may succeed.
     */
    public static boolean recordable(DojiException e) {
        return (e.kind() == FaultKind.RESOURCE_UNAVAILABLE || e.kind() == FaultKind.INVALID_STATE_TRANSITION)
                && !"RM_UNREACHABLE".equals(e.errorCode()) && !"REMOTE_FAULT".equals(e.errorCode());
    }

    /** The stored form of a refusal (its kind, code and message; the message shortened). */
    public static String refusal(DojiException e) {
        String message = e.getMessage() == null ? "" : e.getMessage();
        return JSON.write(new Refusal(e.kind(), e.errorCode(),
                message.length() > MAX_MESSAGE ? message.substring(0, MAX_MESSAGE) + "…" : message));
    }

    private static DojiException readRefusal(String stored) {
        Refusal r = JSON.read(stored, Refusal.class);
        return new DojiException(r.kind(), r.errorCode(), r.message());
    }
}
