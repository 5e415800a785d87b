package org.doji.rm.ledger;

/**
 * One mutating call as the {@link CallLedger} keeps it: its id (scope, caller, correlation id), the operation,
 * the hash of its payload, and what it answered: an RM's reservation or the key of the GRC's co-allocation, or the
 * refusal it got ({@link CallLedger#refusal}), which a repeat gets again.
 */
public record RecordedCall(String id, String operation, String payloadHash, String answer, String refusal) {

    /** A call that was answered. */
    public RecordedCall(String id, String operation, String payloadHash, String answer) {
        this(id, operation, payloadHash, answer, null);
    }
}
