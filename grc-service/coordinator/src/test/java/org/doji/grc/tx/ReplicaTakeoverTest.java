package org.doji.grc.tx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.doji.grc.tx.FlakyRm.Fault;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.junit.jupiter.api.Test;

/**
 * Two replicas of one GRC (two engines on one transaction log, their work claimed in one {@link LeasedClaimTable}):
 * a transaction a live replica works on is never driven by the other; one a dead replica left (its lease ran out)
 * is taken over: aborted if undecided (presumed abort), completed if decided.
 */
class ReplicaTakeoverTest {

    private static final Duration LEASE = Duration.ofSeconds(10);

    private final EngineFixture f = new EngineFixture("a", "b");
    private final LeasedClaimTable table = new LeasedClaimTable(f.clock, LEASE);
    private final TransactionEngine a = f.newEngine(new ReplicaLocks(table.replica("A"), d -> Thread.sleep(1)));
    private final TransactionEngine b = f.newEngine(new ReplicaLocks(table.replica("B"), d -> Thread.sleep(1)));
    private final TransactionDriver driverB = new TransactionDriver(b, f.clock, Runnable::run);

    /** Replica A works on t1 (stored and prepared, not decided yet) while B's driver makes its rounds. */
    private Optional<Transaction> aWorksWhileBDrives(TransactionEngine other, TransactionDriver otherDriver) {
        Transaction fresh = f.reserve("t1", 4, EngineFixture.window(1), "a", "b");
        return a.owning(fresh.id(), () -> {
            Transaction prepared = a.prepare(a.begin(fresh, () -> { }));
            f.clock.advance(Duration.ofSeconds(5));
            otherDriver.driveDue();
            return a.complete(a.decide(prepared, Decision.COMMITTED, null, () -> { }), Duration.ofSeconds(2));
        });
    }

    @Test
    void aChangeALiveReplicaWorksOnIsLeftToIt() {
        Optional<Transaction> left = aWorksWhileBDrives(b, driverB);
        assertThat(left).isEmpty();
        assertThat(f.abortedWithoutOwner).isEmpty();
        assertThat(f.finished).containsExactly("t1 COMMITTED");
        assertThat(f.committed("a")).hasSize(1);
        assertThat(f.committed("b")).hasSize(1);
    }

    /** Why the claims are there: with in-JVM locks only, the other replica takes A's change for an orphan. */
    @Test
    void withInJvmLocksOnlyTheOtherReplicaWouldAbortItUnderItsWorker() {
        TransactionEngine unguarded = f.newEngine(ReplicaLocks.local());
        TransactionDriver driver = new TransactionDriver(unguarded, f.clock, Runnable::run);
        assertThatThrownBy(() -> aWorksWhileBDrives(unguarded, driver))
                .isInstanceOf(TransactionLog.ConcurrentChangeException.class);
        assertThat(f.abortedWithoutOwner).containsExactly("t1");
    }

    @Test
    void anUndecidedChangeOfADeadReplicaIsAbortedByAnotherOnceItsLeaseRanOut() {
        Transaction fresh = f.reserve("t2", 4, EngineFixture.window(2), "a", "b");
        assertThat(table.replica("A").tryClaim("tx:t2")).isTrue(); // A's worker claims it ... and dies after phase one
        a.prepare(a.begin(fresh, () -> { }));
        f.clock.advance(LEASE.minusSeconds(1));
        table.renew("B");
        driverB.driveDue();
        assertThat(f.abortedWithoutOwner).as("A's lease still runs").isEmpty();
        assertThat(f.live("a")).hasSize(1);

        f.clock.advance(Duration.ofSeconds(2));
        table.renew("B");
        driverB.driveDue();
        assertThat(f.abortedWithoutOwner).containsExactly("t2");
        assertThat(f.finished).containsExactly("t2 ABORTED");
        assertThat(f.live("a")).isEmpty();
        assertThat(f.live("b")).isEmpty();
    }

    @Test
    void aDecidedChangeOfADeadReplicaIsCompletedByAnotherOnceItsLeaseRanOut() {
        f.rms.get("b").fail("commit", Fault.LOST, 2);
        Transaction fresh = f.reserve("t3", 4, EngineFixture.window(3), "a", "b");
        assertThat(table.replica("A").tryClaim("tx:t3")).isTrue(); // A decides ... and dies before phase two
        a.decide(a.prepare(a.begin(fresh, () -> { })), Decision.COMMITTED, null, () -> { });
        driverB.driveDue();
        assertThat(f.finished).as("A's lease still runs").isEmpty();
        assertThat(f.rms.get("a").reached("commit")).isEmpty();

        for (int round = 0; round < 10 && f.finished.isEmpty(); round++) {
            f.clock.advance(LEASE);
            table.renew("B");
            driverB.driveDue();
        }
        assertThat(f.finished).containsExactly("t3 COMMITTED");
        assertThat(f.committed("a")).hasSize(1);
        assertThat(f.committed("b")).hasSize(1);
        assertThat(f.abortedWithoutOwner).isEmpty();
    }

    /**
     * A replica frozen right after storing its decision (past its lease) finds on resuming that another completed the
     * change: its answer is its decision, which holds, not a refusal saying nothing was written (before, the user was
     * told "refused, changed meanwhile" for a modification that was then applied).
     */
    @Test
    void aReplicaThatLosesItsDecidedChangeToAnotherAnswersItsDecision() {
        Transaction fresh = f.reserve("t4", 4, EngineFixture.window(4), "a", "b");
        InlineRun.Ran ran = new InlineRun(a, Duration.ofSeconds(2)).run(fresh, new InlineRun.Steps() {
            @Override
            public void decided(Transaction t) {
                for (int round = 0; round < 10 && f.finished.isEmpty(); round++) { // A frozen here, B takes over
                    f.clock.advance(LEASE);
                    table.renew("B");
                    driverB.driveDue();
                }
            }
        });
        assertThat(f.finished).as("B completed A's decision").containsExactly("t4 COMMITTED");
        assertThat(ran.committed()).isTrue();
        assertThat(f.committed("a")).hasSize(1);
        assertThat(f.committed("b")).hasSize(1);
    }
}
