package org.doji.rm.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.junit.jupiter.api.Test;

class CallLedgerTest {

    private final Map<String, RecordedCall> calls = new HashMap<>();
    private final CallLedger ledger = new CallLedger(id -> Optional.ofNullable(calls.get(id)));

    @Test
    void aNewCallHasNoAnswerARepeatGetsTheFirstAnswer() {
        String id = CallLedger.callId("", Caller.user("alice"), "c-1");
        assertThat(ledger.repeated(id, "c-1", "reserve", "h1")).isEmpty();
        calls.put(id, new RecordedCall(id, "reserve", "h1", "answer-1"));
        assertThat(ledger.repeated(id, "c-1", "reserve", "h1")).contains("answer-1");
    }

    @Test
    void theSameIdWithAnotherPayloadIsRefusedNamingTheFirstOperation() {
        String id = CallLedger.callId("modify:co-1", Caller.user("alice"), "c-2");
        calls.put(id, new RecordedCall(id, "modify", "h1", "co-1"));
        assertThatThrownBy(() -> ledger.repeated(id, "c-2", "modify", "h2")).isInstanceOf(DojiException.class)
                .hasMessageContaining("c-2 was already used for a different modify call")
                .satisfies(e -> assertThat(((DojiException) e).errorCode()).isEqualTo("CORRELATION_ID_REUSED"));
    }

    @Test
    void callIdsAreScopedByScopeAndCallerAndAMissingIdIsRefused() {
        assertThat(CallLedger.callId("", Caller.user("alice"), "c")).isEqualTo("alice:c");
        assertThat(CallLedger.callId("rm", Caller.user("alice"), "c")).isEqualTo("rm:alice:c")
                .isNotEqualTo(CallLedger.callId("rm", Caller.user("bob"), "c"));
        for (String missing : new String[] {null, "", "  "}) {
            assertThatThrownBy(() -> CallLedger.callId("", Caller.user("alice"), missing))
                    .isInstanceOf(DojiException.class).hasMessageContaining("a correlation id is required");
        }
    }

    @Test
    void aRecordedRefusalIsGivenAgainToARepeatAndOnlyStateDependentRefusalsAreRecorded() {
        String id = CallLedger.callId("", Caller.user("alice"), "c-3");
        DojiException full = DojiException.unavailable("INSUFFICIENT_CORES", "4 cores are not free");
        calls.put(id, new RecordedCall(id, "reserve", "h1", null, CallLedger.refusal(full)));
        assertThatThrownBy(() -> ledger.repeated(id, "c-3", "reserve", "h1")).isInstanceOf(DojiException.class)
                .hasMessage("4 cores are not free")
                .satisfies(e -> assertThat(((DojiException) e).errorCode()).isEqualTo("INSUFFICIENT_CORES"));
        assertThat(CallLedger.recordable(full)).isTrue();
        assertThat(CallLedger.recordable(DojiException.illegalTransition("ReserveTimeout", "CANCEL"))).isTrue();
        assertThat(CallLedger.recordable(DojiException.invalid("BAD_WINDOW", "no"))).as("hostile input stores nothing")
                .isFalse();
        assertThat(CallLedger.recordable(DojiException.unknown("r-1"))).isFalse();
        assertThat(CallLedger.recordable(DojiException.unavailable("RM_UNREACHABLE", "lost"))).isFalse();
    }
}
