package org.doji.grc.core;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.function.Function;
import org.doji.grc.model.RmOutcome;
import org.doji.rm.api.Caller;
import org.doji.rm.api.DojiException;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The coordinator side of two-phase commit towards the RMs: prepares go out in parallel (a plan's
 * latency is the slowest RM's, not the sum); phase-two calls are retried with back-off until
 * acknowledged; aborts run in reverse order of preparation. Decisions are recorded by the caller before
 * phase two starts.
 */
public class TwoPhaseCoordinator {

    private static final Logger log = LoggerFactory.getLogger(TwoPhaseCoordinator.class);
    private static final int PHASE_TWO_ATTEMPTS = 6;

    private final RmRegistry registry;
    private final ExecutorService rmCalls;
    private final Caller self;
    private final Duration firstBackoff;
    private final Sleeper sleeper;
    private final io.micrometer.core.instrument.MeterRegistry meters;

    /** Waits between retries; injectable so tests do not wait in real time. */
    public interface Sleeper {
        void sleep(Duration d) throws InterruptedException;
    }

    public TwoPhaseCoordinator(RmRegistry registry, ExecutorService rmCalls, Caller self, Duration firstBackoff, Sleeper sleeper,
                               io.micrometer.core.instrument.MeterRegistry meters) {
        this.meters = meters;
        this.registry = registry;
        this.rmCalls = rmCalls;
        this.self = self;
        this.firstBackoff = firstBackoff;
        this.sleeper = sleeper;
    }

    /** A prepared (or refused) participant. */
    public record Prepared(String rmId, RmOutcome outcome, boolean ok) {

        /** Refused with a definite answer, not merely unreachable (retrying would not change it). */
        public boolean definitelyRefused() {
            return !ok && !transientFailure(outcome.errorCode());
        }
    }

    /** Whether a failed RM call may succeed when retried: the RM was not reached or did not answer. */
    static boolean transientFailure(String errorCode) {
        return "RM_UNREACHABLE".equals(errorCode) || "REMOTE_FAULT".equals(errorCode);
    }

    /** Each refusing RM with its error code and message, for a co-allocation's reason. */
    public static String reasons(List<Prepared> prepared) {
        List<String> out = new ArrayList<>();
        prepared.stream().filter(p -> !p.ok()).forEach(p -> out.add(p.rmId() + " refused (" + p.outcome().errorCode()
                + "): " + p.outcome().message()));
        return String.join("; ", out);
    }

    /** Phase one at every RM of the plan, in parallel; one outcome per RM, in the given order. */
    public List<Prepared> prepare(Map<String, ReservationSpec> specs, String correlationPrefix) {
        Map<String, String> mdc = MDC.getCopyOfContextMap();
        Map<String, CompletableFuture<Prepared>> futures = new LinkedHashMap<>();
        specs.forEach((rmId, spec) -> futures.put(rmId, CompletableFuture.supplyAsync(() -> withMdc(mdc, () -> {
            RmRegistry.Entry rm = registry.get(rmId).orElseThrow(() -> DojiException.unknown(rmId));
            long t0 = System.nanoTime();
            try {
                ReservationView v = rm.rm().reserve(self, correlationPrefix + ":" + rmId + ":reserve", spec, null);
                record(rmId, "reserve", "ok", t0);
                return new Prepared(rmId, outcome(rm, v), true);
            } catch (DojiException e) {
                record(rmId, "reserve", e.errorCode(), t0);
                log.info("RM {} refused: {} {}", rmId, e.errorCode(), e.getMessage());
                return new Prepared(rmId, RmOutcome.refused(rmId, rm.address(), e.errorCode(), e.getMessage()), false);
            }
        }), rmCalls)));
        List<Prepared> out = new ArrayList<>();
        futures.values().forEach(f -> out.add(f.join()));
        return out;
    }

    /** Phase one of a cancellation at every RM holding part of the co-allocation. */
    public List<Prepared> prepareCancel(List<RmOutcome> participants, String correlationPrefix) {
        return phase(participants, correlationPrefix + ":cancel", (p) -> rm -> rm.rm().cancel(self, p.reservationKey(),
                correlationPrefix + ":" + p.rmId() + ":cancel"), false, false);
    }

    /**
     * Phase one of a modification at RMs that already hold part of the co-allocation: each holds the union of
     * its old and new part until commit or abort.
     */
    public List<Prepared> prepareModify(Map<RmOutcome, ReservationSpec> changes, String correlationPrefix) {
        return phase(new ArrayList<>(changes.keySet()), correlationPrefix + ":modify", p -> rm -> rm.rm().modify(self,
                p.reservationKey(), correlationPrefix + ":" + p.rmId() + ":modify", changes.get(p)), false, false);
    }

    /**
     * Phase one of a change made of steps (reserve a new part, modify a part, cancel a part), each kind in
     * parallel; one outcome per step, in step order.
     */
    public List<Prepared> prepareSteps(List<Modification.Step> steps, String correlationPrefix) {
        Map<String, ReservationSpec> reserves = new LinkedHashMap<>();
        Map<RmOutcome, ReservationSpec> modifies = new LinkedHashMap<>();
        List<RmOutcome> cancels = new ArrayList<>();
        for (Modification.Step s : steps) {
            switch (s.operation()) {
                case RESERVE -> reserves.put(s.rmId(), s.spec());
                case MODIFY -> modifies.put(s.participant(), s.spec());
                case CANCEL -> cancels.add(s.participant());
            }
        }
        Map<String, Prepared> byRm = new LinkedHashMap<>();
        prepare(reserves, correlationPrefix).forEach(p -> byRm.put(p.rmId(), p));
        prepareModify(modifies, correlationPrefix).forEach(p -> byRm.put(p.rmId(), p));
        prepareCancel(cancels, correlationPrefix).forEach(p -> byRm.put(p.rmId(), p));
        return steps.stream().map(s -> byRm.get(s.rmId())).toList();
    }

    /**
     * Aborts the steps of a change that was not decided. A new part whose key is unknown (its answer was
     * lost) is learnt first by replaying its idempotent prepare.
     */
    public void abortSteps(List<Modification.Step> steps, String correlationPrefix) {
        List<RmOutcome> known = new ArrayList<>();
        for (Modification.Step s : steps) {
            if (s.operation() == Modification.Operation.RESERVE && s.participant().reservationKey() == null) {
                prepare(Map.of(s.rmId(), s.spec()), correlationPrefix).stream().filter(Prepared::ok)
                        .forEach(p -> known.add(p.outcome()));
            } else if (s.participant().reservationKey() != null) {
                known.add(s.participant());
            }
        }
        abort(known, correlationPrefix);
    }

    /** Phase two, commit, retried until acknowledged (or the attempts are used up: then ok=false, re-driven later). */
    public List<Prepared> commit(List<RmOutcome> participants, String correlationPrefix) {
        return phase(participants, correlationPrefix, p -> rm -> rm.rm().commit(self, p.reservationKey(),
                correlationPrefix + ":" + p.rmId() + ":commit"), true, false);
    }

    /** Phase two, abort, in reverse order of preparation; an RM that no longer knows the key counts as aborted. */
    public List<Prepared> abort(List<RmOutcome> participants, String correlationPrefix) {
        List<RmOutcome> reversed = new ArrayList<>(participants);
        java.util.Collections.reverse(reversed);
        List<Prepared> out = new ArrayList<>();
        for (RmOutcome p : reversed) {
            if (p.reservationKey() == null) {
                continue;
            }
            out.addAll(phase(List.of(p), correlationPrefix, q -> rm -> rm.rm().abort(self, q.reservationKey(),
                    correlationPrefix + ":" + q.rmId() + ":abort"), true, true));
        }
        return out;
    }

    private List<Prepared> phase(List<RmOutcome> participants, String label,
                                 Function<RmOutcome, Function<RmRegistry.Entry, ReservationView>> call, boolean retry,
                                 boolean unknownIsDone) {
        Map<String, String> mdc = MDC.getCopyOfContextMap();
        List<CompletableFuture<Prepared>> futures = new ArrayList<>();
        for (RmOutcome p : participants) {
            futures.add(CompletableFuture.supplyAsync(() -> withMdc(mdc, () -> once(p, call.apply(p), retry, unknownIsDone)), rmCalls));
        }
        return futures.stream().map(CompletableFuture::join).toList();
    }

    private Prepared once(RmOutcome p, Function<RmRegistry.Entry, ReservationView> call, boolean retry,
                          boolean unknownIsDone) {
        RmRegistry.Entry rm = registry.get(p.rmId()).orElseThrow(() -> DojiException.unknown(p.rmId()));
        Duration backoff = firstBackoff;
        int attempts = retry ? PHASE_TWO_ATTEMPTS : 1;
        DojiException last = null;
        for (int i = 0; i < attempts; i++) {
            long t0 = System.nanoTime();
            try {
                Prepared done = new Prepared(p.rmId(), outcome(rm, call.apply(rm)), true);
                record(p.rmId(), "phase", "ok", t0);
                return done;
            } catch (DojiException e) {
                record(p.rmId(), "phase", e.errorCode(), t0);
                last = e;
                if (!transientFailure(e.errorCode())) {
                    break; // a definite answer: retrying would not change it
                }
                log.warn("RM {} did not acknowledge (attempt {}): {}", p.rmId(), i + 1, e.getMessage());
                try {
                    sleeper.sleep(backoff);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    break;
                }
                backoff = backoff.multipliedBy(2).compareTo(Duration.ofMinutes(1)) > 0 ? Duration.ofMinutes(1) : backoff.multipliedBy(2);
            }
        }
        return new Prepared(p.rmId(), new RmOutcome(p.rmId(), p.address(), p.reservationKey(), p.reservationState(),
                p.lifecycleState(), p.allocation(), last == null ? null : last.errorCode(), last == null ? null : last.getMessage()),
                unknownIsDone && last != null && last.kind() == org.doji.rm.api.FaultKind.UNKNOWN_RESOURCE);
    }

    /** RM call latency by RM, operation and outcome (Micrometer timer doji.grc.rm.call). */
    private void record(String rmId, String operation, String outcome, long startNanos) {
        io.micrometer.core.instrument.Timer.builder("doji.grc.rm.call").tag("rm", rmId).tag("operation", operation)
                .tag("outcome", outcome == null ? "error" : outcome).register(meters)
                .record(System.nanoTime() - startNanos, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    private static RmOutcome outcome(RmRegistry.Entry rm, ReservationView v) {
        return new RmOutcome(rm.id(), rm.address(), v.key(), v.reservationState(), v.lifecycleState(),
                v.allocation() != null ? v.allocation() : v.pendingAllocation(), null, null);
    }

    private static <T> T withMdc(Map<String, String> mdc, java.util.function.Supplier<T> body) {
        if (mdc != null) {
            MDC.setContextMap(mdc);
        }
        try {
            return body.get();
        } finally {
            MDC.clear();
        }
    }
}
