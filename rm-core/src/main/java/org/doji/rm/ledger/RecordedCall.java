package org.doji.rm.ledger;

/**
 * One mutating call as the {@link CallLedger} keeps it: its id (scope, caller, correlation id), the operation,
 * the hash of its payload, and what it answered (an RM's reservation, the key of the GRC's co-allocation).
 */
public record RecordedCall(String id, String operation, String payloadHash, String answer) {
}
