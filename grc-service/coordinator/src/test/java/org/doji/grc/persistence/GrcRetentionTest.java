package org.doji.grc.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.doji.grc.GrcApplication;
import org.doji.grc.coallocation.CoAllocationService;
import org.doji.grc.model.CoAllocationState;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.grc.tx.Change;
import org.doji.grc.tx.SubjectType;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.state.ReservationStateMachine.Decision;
import org.doji.rm.testing.TestDatabase;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Ended co-allocations and finished reservations of the RM port are kept for {@code doji.grc.retention} after their
 * last change and then forgotten with their calls, in virtual time, on the GRC's real database (H2 or PostgreSQL, as
 * the test run says); open ones and those with a transaction in progress stay.
 */
class GrcRetentionTest {

    private static final Instant T0 = Instant.parse("2030-03-01T00:00:00Z");
    private static final Duration RETENTION = Duration.ofDays(10);

    @TempDir
    static Path dir;

    private static final SettableClock clock = new SettableClock(T0);
    private static ConfigurableApplicationContext grc;

    @BeforeAll
    static void start() {
        grc = new SpringApplicationBuilder(GrcApplication.class)
                .initializers(ctx -> ctx.getBeanFactory().registerSingleton("grcClock", clock))
                .run("--server.port=0", "--spring.jmx.enabled=false", "--doji.grc.tick-interval=PT1H",
                        "--doji.grc.retention=" + RETENTION, "--spring.datasource.url=" + TestDatabase.url(dir.resolve("grc")));
    }

    @AfterAll
    static void stop() {
        grc.close();
    }

    private static <T> T bean(Class<T> type) {
        return grc.getBean(type);
    }

    private static void coAllocation(String key, CoAllocationState state, Instant updated) {
        CoAllocationRecord r = new CoAllocationRecord(key, "alice", updated);
        r.setState(state);
        bean(CoAllocationRepository.class).save(r);
        bean(CallRecordRepository.class).save(new CallRecord("alice:" + key, "hash", key, updated));
    }

    private static void delegated(String key, LifecycleState state, Instant updated) {
        DelegatedReservationRecord r = new DelegatedReservationRecord(key, "parent", updated);
        r.setLifecycleState(state);
        r.setUpdated(updated);
        bean(DelegatedReservationRepository.class).save(r);
    }

    private static void transaction(String subject) {
        TransactionRecord t = new TransactionRecord("tx-" + subject);
        t.setSubjectType(SubjectType.CO_ALLOCATION);
        t.setSubject(subject);
        t.setChange(Change.CANCEL);
        t.setDecision(Decision.COMMITTED);
        bean(TransactionRepository.class).save(t);
    }

    private static Set<String> coAllocationKeys() {
        return Set.copyOf(bean(CoAllocationRepository.class).findAll().stream().map(CoAllocationRecord::getKey).toList());
    }

    @Test
    void endedOnesAreForgottenWithTheirCallsAfterTheRetentionUnlessStillInProgress() {
        coAllocation("co-completed", CoAllocationState.Completed, T0);
        coAllocation("co-cancelling-phase-two", CoAllocationState.Cancelled, T0);
        transaction("co-cancelling-phase-two");
        coAllocation("co-reserved", CoAllocationState.Reserved, T0);
        coAllocation("co-failed-later", CoAllocationState.Failed, T0.plus(Duration.ofDays(2)));
        delegated("r-terminated", LifecycleState.Terminated, T0);
        delegated("r-created", LifecycleState.Created, T0);
        GrcRetention retention = bean(GrcRetention.class);

        clock.set(T0.plus(RETENTION).minusSeconds(1));
        assertThat(retention.sweep()).isZero();

        clock.set(T0.plus(RETENTION).plusSeconds(1));
        assertThat(retention.sweep()).isEqualTo(2);
        assertThat(coAllocationKeys()).containsExactlyInAnyOrder("co-cancelling-phase-two", "co-reserved", "co-failed-later");
        assertThat(bean(CallRecordRepository.class).findById("alice:co-completed")).isEmpty();
        assertThat(bean(CallRecordRepository.class).findById("alice:co-reserved")).isPresent();
        assertThat(bean(DelegatedReservationRepository.class).findAll()).extracting(DelegatedReservationRecord::getKey)
                .containsExactly("r-created");

        bean(TransactionRepository.class).deleteById("tx-co-cancelling-phase-two"); // its phase two finished
        clock.set(T0.plus(RETENTION).plus(Duration.ofDays(2)).plusSeconds(1));
        assertThat(retention.sweep()).isEqualTo(2);
        assertThat(coAllocationKeys()).containsExactly("co-reserved");
    }

    @Test
    void aCoAllocationThatFailedIsForgottenByThePeriodicSweep() {
        clock.set(T0);
        CoAllocationService service = bean(CoAllocationService.class);
        Caller bob = Caller.user("bob");
        Instant start = T0.plus(Duration.ofDays(1));
        CoRequest request = new CoRequest(List.of(new CoRequest.Site("a", 4, Set.of(), List.of())), List.of(), List.of(),
                new CoRequest.Time(start, start, Duration.ofHours(1), true), Policy.CHEAPEST, List.of(), null, null);
        String key = service.create(bob, "c-1", request, null); // no RM is registered: it fails
        await().atMost(Duration.ofSeconds(30)).until(() -> service.get(bob, key).state() == CoAllocationState.Failed);

        clock.set(T0.plus(RETENTION).plus(Duration.ofHours(2)));
        GrcRetention retention = bean(GrcRetention.class);
        retention.sweepIfDue(); // the periodic task's step
        assertThatThrownBy(() -> service.get(bob, key)).isInstanceOf(DojiException.class);
        assertThat(bean(CallRecordRepository.class).findAll()).noneMatch(c -> c.getCoAllocationKey().equals(key));
    }

    @Test
    void anEndedCoAllocationIsForgottenAtItsTerminationTimeAndOneThatHasNotEndedCannotBeSetBeforeItEnds() {
        clock.set(T0);
        CoAllocationService service = bean(CoAllocationService.class);
        Caller carol = Caller.user("carol");
        Instant start = T0.plus(Duration.ofDays(1));
        CoRequest request = new CoRequest(List.of(new CoRequest.Site("a", 4, Set.of(), List.of())), List.of(), List.of(),
                new CoRequest.Time(start, start, Duration.ofHours(1), true), Policy.CHEAPEST, List.of(), null, null);
        String failed = service.create(carol, "c-term-1", request, null); // no RM is registered: it fails
        await().atMost(Duration.ofSeconds(30)).until(() -> service.get(carol, failed).state() == CoAllocationState.Failed);
        CoAllocationRecord reserved = new CoAllocationRecord("co-term-reserved", "carol", T0);
        reserved.setState(CoAllocationState.Reserved);
        bean(CoAllocationRepository.class).save(reserved);

        assertThatThrownBy(() -> service.setTerminationTime(carol, "co-term-reserved", T0.plus(Duration.ofHours(1))))
                .isInstanceOfSatisfying(DojiException.class,
                        e -> assertThat(e.errorCode()).isEqualTo("TERMINATION_BEFORE_END"));
        assertThatThrownBy(() -> service.setTerminationTime(Caller.user("dave"), failed, T0))
                .isInstanceOf(DojiException.class); // another user's: unknown
        assertThat(service.setTerminationTime(carol, failed, T0.plus(Duration.ofHours(1))))
                .isEqualTo(T0.plus(Duration.ofHours(1)));
        assertThat(service.get(carol, failed).terminationTime()).isEqualTo(T0.plus(Duration.ofHours(1)));

        GrcRetention retention = bean(GrcRetention.class);
        clock.set(T0.plus(Duration.ofMinutes(59)));
        retention.sweep();
        assertThat(service.get(carol, failed).state()).isEqualTo(CoAllocationState.Failed); // not yet
        clock.set(T0.plus(Duration.ofMinutes(61))); // long before the retention of 10 days
        retention.sweep();
        assertThatThrownBy(() -> service.get(carol, failed)).isInstanceOf(DojiException.class);
        assertThat(coAllocationKeys()).contains("co-term-reserved");
        bean(CoAllocationRepository.class).deleteById("co-term-reserved");
    }

    @Test
    void aFinishedReservationAtTheRmPortIsForgottenAtItsTerminationTimeAsAtEveryRm() {
        clock.set(T0);
        org.doji.grc.hierarchy.GrcResourceManager port = bean(org.doji.grc.hierarchy.GrcResourceManager.class);
        Caller parent = Caller.coordinator("parent");
        delegated("r-term-finished", LifecycleState.Terminated, T0);
        delegated("r-term-live", LifecycleState.Created, T0);
        for (String key : List.of("r-term-finished", "r-term-live")) {
            bean(DelegatedReservationRepository.class).findById(key).ifPresent(r -> {
                r.setWindowEnd(T0.plus(Duration.ofDays(1)));
                r.setParticipantsJson("{\"parts\":[]}"); // it holds nothing at any child
                bean(DelegatedReservationRepository.class).save(r);
            });
        }

        assertThatThrownBy(() -> port.setTerminationTime(parent, "r-term-live", T0.plus(Duration.ofHours(1))))
                .isInstanceOfSatisfying(DojiException.class,
                        e -> assertThat(e.errorCode()).isEqualTo("TERMINATION_BEFORE_END"));
        assertThatThrownBy(() -> port.setTerminationTime(Caller.coordinator("other"), "r-term-finished", T0))
                .isInstanceOfSatisfying(DojiException.class,
                        e -> assertThat(e.kind()).isEqualTo(org.doji.rm.fault.FaultKind.UNKNOWN_RESOURCE));
        Instant at = T0.plus(Duration.ofHours(1));
        assertThat(port.setTerminationTime(parent, "r-term-finished", at)).isEqualTo(at);
        assertThat(port.get(parent, "r-term-finished").terminationTime()).isEqualTo(at);

        GrcRetention retention = bean(GrcRetention.class);
        clock.set(at.minusSeconds(60));
        retention.sweep();
        assertThat(bean(DelegatedReservationRepository.class).existsById("r-term-finished")).isTrue(); // not yet
        clock.set(at.plusSeconds(60)); // long before the retention of 10 days
        retention.sweep();
        assertThat(bean(DelegatedReservationRepository.class).existsById("r-term-finished")).isFalse();
        assertThat(bean(DelegatedReservationRepository.class).existsById("r-term-live")).isTrue();
        bean(DelegatedReservationRepository.class).deleteById("r-term-live");
    }

    @Test
    void aRetentionThatIsNotPositiveStopsTheGrcNamingTheProperty() {
        assertThatThrownBy(() -> new SpringApplicationBuilder(GrcApplication.class).run("--server.port=0",
                "--spring.jmx.enabled=false", "--doji.grc.retention=PT0S",
                "--spring.datasource.url=jdbc:h2:mem:grc-retention-refused"))
                .rootCause().hasMessageContaining("doji.grc.retention");
    }
}
