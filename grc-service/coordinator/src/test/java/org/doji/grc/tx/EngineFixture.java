package org.doji.grc.tx;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.grc.model.RmOutcome;
import org.doji.rm.api.Caller;
import org.doji.rm.kernel.InMemoryReservationStore;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.kernel.RmSettings;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.sim.SimulatedBackend;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.doji.rm.util.SettableClock;

/**
 * Real RM kernels (one 16-core site each, 2 min hold timeout) behind {@link FlakyRm}s, on one virtual clock,
 * and the engine on an in-memory log; phase-two back-off moves the virtual clock instead of waiting.
 */
final class EngineFixture {

    static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");
    static final Duration HOLD = Duration.ofMinutes(2);
    final Duration hold;
    static final Caller GRC = Caller.coordinator("grc");

    final SettableClock clock = new SettableClock(T0);
    final Map<String, ReservationKernel> kernels = new LinkedHashMap<>();
    final Map<String, FlakyRm> rms = new LinkedHashMap<>();
    final InMemoryTransactionLog log = new InMemoryTransactionLog();
    final List<String> finished = new ArrayList<>();
    final List<String> abortedWithoutOwner = new ArrayList<>();
    /** What a subject that plans again would find: the aborted transaction's holds still there when it was told. */
    final List<String> heldWhenToldOfAbort = new ArrayList<>();
    private final Map<String, InMemoryReservationStore> stores = new LinkedHashMap<>();
    TransactionEngine engine;
    TransactionDriver driver;

    EngineFixture(String... rmIds) {
        this(HOLD, rmIds);
    }

    EngineFixture(Duration hold, String... rmIds) {
        this.hold = hold;
        for (String id : rmIds) {
            stores.put(id, new InMemoryReservationStore());
            ReservationKernel k = kernel(id);
            kernels.put(id, k);
            rms.put(id, new FlakyRm(k));
        }
        engine = newEngine(ReplicaLocks.local());
        driver = new TransactionDriver(engine, clock, Runnable::run);
    }

    private ReservationKernel kernel(String id) {
        BackendInventory inventory = new BackendInventory(RmKind.COMPUTE, "d",
                List.of(SimulatedBackend.site(site(id), 2, 8, 1.0, Map.of())), List.of(), List.of(), List.of(), List.of());
        return new ReservationKernel(new RmSettings(id, hold, Duration.ofDays(366), Map.of(), Set.of()),
                new SimulatedBackend(inventory), stores.get(id), clock, Notifier.NONE);
    }

    /** The RM starts again on what it stored (its memory is gone); its network keeps its script. */
    void restartRm(String id) {
        ReservationKernel k = kernel(id);
        kernels.put(id, k);
        rms.get(id).restarted(k);
    }

    /** The GRC starts again on its stored transactions and recovers them, as at a process's start. */
    void restartGrc() {
        engine = newEngine(ReplicaLocks.local());
        driver = new TransactionDriver(engine, clock, Runnable::run);
        driver.recover(driver.undecidedAtStart());
    }

    /**
     * An engine on this fixture's log, RMs and clock, its work guarded by {@code locks}: with the engine of another
     * such call, two replicas of one GRC on one database.
     */
    TransactionEngine newEngine(ReplicaLocks locks) {
        RmDirectory directory = RmDirectory.inProcess(rms, "test:", id -> this.hold);
        TransactionEngine e = new TransactionEngine(log, new ParticipantCalls(directory, GRC, () -> "http://grc/notify",
                new SimpleMeterRegistry()), Runnable::run, clock, Duration.ofMillis(200), Duration.ofSeconds(30), clock::advance,
                locks);
        e.register(SubjectType.CO_ALLOCATION, new TransactionSubject() {
            @Override
            public void finished(Transaction t) {
                finished.add(t.id() + " " + t.decision() + (t.compensating() ? " compensated" : ""));
            }

            @Override
            public void abortedWithoutOwner(Transaction t) {
                abortedWithoutOwner.add(t.id());
            }

            @Override
            public void afterAbortedWithoutOwner(Transaction t) {
                t.participants().forEach(p -> live(p.rmId()).stream()
                        .filter(v -> v.key().equals(p.key()) && v.reservationState() == org.doji.rm.model.ReservationState.ReserveHeld)
                        .forEach(v -> heldWhenToldOfAbort.add(p.rmId() + "/" + v.key())));
            }
        });
        return e;
    }

    static String site(String rmId) {
        return rmId.toUpperCase();
    }

    static TimeWindow window(int day) {
        Instant start = T0.plus(Duration.ofDays(day));
        return new TimeWindow(start, start.plus(Duration.ofHours(2)));
    }

    ReservationSpec cores(String rmId, int cores, TimeWindow w) {
        return new ReservationSpec(w, List.of(new ComputeDemand(site(rmId), cores, List.of())), List.of(), List.of(),
                List.of("alice"), "co-1");
    }

    /** A reservation transaction over the given RMs, {@code cores} cores at each. */
    Transaction reserve(String id, int cores, TimeWindow w, String... rmIds) {
        List<Participant> ps = new ArrayList<>();
        for (String rm : rmIds) {
            ps.add(Participant.of(rm, Step.RESERVE, cores(rm, cores, w), null, RmOutcome.intended(rm, "test:" + rm)));
        }
        return Transaction.begin(id, SubjectType.CO_ALLOCATION, "co-1", Change.RESERVE, 1, ps, null,
                clock.instant().plus(Duration.ofMinutes(1)), clock.instant());
    }

    /** Runs a transaction the way its owner does: stored, prepared, decided, phase two in-line for {@code inline}. */
    InlineRun.Ran run(Transaction t, Duration inline) {
        return new InlineRun(engine, inline).run(t, InlineRun.Steps.NONE);
    }

    /** Live (not terminated) reservations of the co-allocation at an RM: committed ones and holds. */
    List<ReservationView> live(String rmId) {
        return kernels.get(rmId).openReservations().stream().filter(v -> !v.lifecycleState().isFinal()).toList();
    }

    List<ReservationView> committed(String rmId) {
        return live(rmId).stream().filter(v -> v.spec() != null
                && v.reservationState() == org.doji.rm.model.ReservationState.ReserveStart).toList();
    }

    /** Lets the RMs expire holds, as their activation driver does. */
    void tickRms() {
        kernels.values().forEach(ReservationKernel::tick);
    }

    static Decision committedDecision() {
        return Decision.COMMITTED;
    }
}
