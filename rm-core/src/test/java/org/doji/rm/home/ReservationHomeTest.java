package org.doji.rm.home;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.ledger.CallLedger;
import org.doji.rm.ledger.RecordedCall;
import org.junit.jupiter.api.Test;

/** The one sequence of an RM port's calls, owner check, Destroy and SetTerminationTime, over a kind kept in maps. */
class ReservationHomeTest {

    private static final Caller ALICE = Caller.user("alice");
    private static final Caller BOB = Caller.user("bob");
    private static final Instant END = Instant.parse("2030-01-01T12:00:00Z");

    /** A reservation of the test's kind: its owner, whether it is over, its termination time. */
    static final class Res {
        final String key;
        final String owner;
        boolean finished;
        Instant terminationTime;
        int changes;

        Res(String key, String owner) {
            this.key = key;
            this.owner = owner;
        }
    }

    /** A kind whose reservations and calls are maps; a write fails while {@code failWrites} is set. */
    static final class MapHome extends ReservationHome<Res, Res, String> {
        final Map<String, Res> stored = new HashMap<>();
        final Map<String, RecordedCall> calls = new HashMap<>();
        final List<String> locks = new ArrayList<>();
        final List<String> undone = new ArrayList<>();
        boolean failWrites;

        MapHome() {
            super("test");
        }

        @Override
        protected <T> T withCallLock(String callId, Supplier<T> body) {
            locks.add("call " + callId);
            return body.get();
        }

        @Override
        protected <T> T withLock(String key, Supplier<T> body) {
            locks.add("reservation " + key);
            return body.get();
        }

        @Override
        protected Undo beginUndo() {
            return new Undo() {
                @Override
                public void keep() {
                }

                @Override
                public void undo() {
                    undone.add("undone");
                }
            };
        }

        @Override
        protected Optional<Res> find(String key) {
            return Optional.ofNullable(stored.get(key));
        }

        @Override
        protected String owner(Res r) {
            return r.owner;
        }

        @Override
        protected CallLedger ledger() {
            return new CallLedger(id -> Optional.ofNullable(calls.get(id)));
        }

        @Override
        protected String recordedAnswer(String recorded) {
            return recorded;
        }

        @Override
        protected String save(Res changed, String callId, String operation, String payloadHash) {
            if (failWrites) {
                throw new IllegalStateException("the database is gone");
            }
            stored.put(changed.key, changed);
            String answer = changed.key + "@" + changed.changes;
            calls.put(callId, new RecordedCall(callId, operation, payloadHash, answer));
            return answer;
        }

        @Override
        protected void saveRefusal(String callId, String operation, String payloadHash, String subject,
                                   DojiException refusal) {
            calls.put(callId, new RecordedCall(callId, operation, payloadHash, null, CallLedger.refusal(refusal)));
        }

        @Override
        protected void release(Caller caller, Res r) {
            if (failWrites) {
                throw new IllegalStateException("the database is gone");
            }
            stored.remove(r.key);
        }

        @Override
        protected Instant end(Res r) {
            return END;
        }

        @Override
        protected boolean finished(Res r) {
            return r.finished;
        }

        @Override
        protected void saveTerminationTime(Res r, Instant terminationTime) {
            r.terminationTime = terminationTime;
        }
    }

    private final MapHome home = new MapHome();

    private String change(Caller caller, String correlationId, String hash, String key, AtomicInteger runs) {
        return home.call(caller, correlationId, "change", hash, key, () -> {
            runs.incrementAndGet();
            Res r = home.owned(caller, key);
            r.changes++;
            return r;
        });
    }

    @Test
    void aRepeatGetsTheFirstAnswerAndChangesNothing() {
        home.stored.put("r1", new Res("r1", "alice"));
        AtomicInteger runs = new AtomicInteger();
        assertThat(change(ALICE, "c1", "h", "r1", runs)).isEqualTo("r1@1");
        assertThat(change(ALICE, "c1", "h", "r1", runs)).isEqualTo("r1@1");
        assertThat(runs).hasValue(1);
        // the call's lock first, then its reservation's
        assertThat(home.locks).containsExactly("call test:alice:c1", "reservation r1", "call test:alice:c1");
        assertThatThrownBy(() -> change(ALICE, "c1", "other payload", "r1", runs))
                .isInstanceOfSatisfying(DojiException.class,
                        e -> assertThat(e.errorCode()).isEqualTo("CORRELATION_ID_REUSED"));
        assertThatThrownBy(() -> change(ALICE, " ", "h", "r1", runs))
                .isInstanceOfSatisfying(DojiException.class,
                        e -> assertThat(e.errorCode()).isEqualTo("CORRELATION_ID_MISSING"));
    }

    @Test
    void aRefusalForTheStateIsRecordedAndRepeatedAnyOtherIsNot() {
        home.stored.put("r1", new Res("r1", "alice"));
        AtomicInteger runs = new AtomicInteger();
        assertThatThrownBy(() -> home.call(ALICE, "c1", "change", "h", "r1", () -> {
            runs.incrementAndGet();
            throw DojiException.illegalTransition("ReserveStart", "COMMIT");
        })).isInstanceOf(DojiException.class);
        // a late copy is refused the same way without running, even if it could act now
        assertThatThrownBy(() -> change(ALICE, "c1", "h", "r1", runs))
                .isInstanceOfSatisfying(DojiException.class,
                        e -> assertThat(e.kind()).isEqualTo(FaultKind.INVALID_STATE_TRANSITION));
        assertThat(runs).hasValue(1);
        assertThat(home.undone).hasSize(2);

        // a refusal of the call itself (another's reservation) is not recorded: the same id may act later
        assertThatThrownBy(() -> change(BOB, "c2", "h", "r1", runs)).isInstanceOfSatisfying(DojiException.class,
                e -> assertThat(e.kind()).isEqualTo(FaultKind.UNKNOWN_RESOURCE));
        assertThat(home.calls).doesNotContainKey("test:bob:c2");
    }

    @Test
    void aFailedWriteIsUndoneAndAnswersNothing() {
        home.stored.put("r1", new Res("r1", "alice"));
        home.failWrites = true;
        AtomicInteger runs = new AtomicInteger();
        assertThatThrownBy(() -> change(ALICE, "c1", "h", "r1", runs)).isInstanceOf(IllegalStateException.class);
        assertThat(home.undone).containsExactly("undone");
        assertThat(home.calls).isEmpty();
        home.failWrites = false;
        assertThat(change(ALICE, "c1", "h", "r1", runs)).isEqualTo("r1@2"); // the retry runs
    }

    @Test
    void anotherCallersReservationIsUnknownAsAMissingOne() {
        home.stored.put("r1", new Res("r1", "alice"));
        assertThat(home.owned(ALICE, "r1").key).isEqualTo("r1");
        for (String key : List.of("r1", "r2")) {
            assertThatThrownBy(() -> home.owned(BOB, key)).isInstanceOfSatisfying(DojiException.class,
                    e -> assertThat(e.kind()).isEqualTo(FaultKind.UNKNOWN_RESOURCE));
        }
        assertThatThrownBy(() -> home.destroy(BOB, "r1")).isInstanceOf(DojiException.class);
        assertThatThrownBy(() -> home.setTerminationTime(BOB, "r1", END)).isInstanceOf(DojiException.class);
        assertThat(home.stored).containsKey("r1");
    }

    @Test
    void destroyReleasesUnderTheReservationsLockAndIsUndoneIfItFails() {
        home.stored.put("r1", new Res("r1", "alice"));
        home.failWrites = true;
        assertThatThrownBy(() -> home.destroy(ALICE, "r1")).isInstanceOf(IllegalStateException.class);
        assertThat(home.undone).containsExactly("undone");
        home.failWrites = false;
        home.destroy(ALICE, "r1");
        assertThat(home.stored).isEmpty();
        assertThat(home.locks).containsExactly("reservation r1", "reservation r1");
    }

    @Test
    void aTerminationTimeBeforeTheEndOnlyOnceItIsOver() {
        Res r = new Res("r1", "alice");
        home.stored.put("r1", r);
        assertThatThrownBy(() -> home.setTerminationTime(ALICE, "r1", END.minusSeconds(1)))
                .isInstanceOfSatisfying(DojiException.class,
                        e -> assertThat(e.errorCode()).isEqualTo("TERMINATION_BEFORE_END"));
        assertThat(home.setTerminationTime(ALICE, "r1", END)).isEqualTo(END);
        assertThat(home.setTerminationTime(ALICE, "r1", null)).isNull();
        assertThat(r.terminationTime).isNull();
        r.finished = true;
        assertThat(home.setTerminationTime(ALICE, "r1", END.minusSeconds(60))).isEqualTo(END.minusSeconds(60));
        assertThat(r.terminationTime).isEqualTo(END.minusSeconds(60));
    }
}
