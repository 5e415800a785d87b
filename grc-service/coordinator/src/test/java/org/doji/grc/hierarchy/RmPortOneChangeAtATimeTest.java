package org.doji.grc.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.doji.grc.store.CoAllocationStore;
import org.doji.grc.registry.RmRegistry;
import org.doji.grc.persistence.CallRecordRepository;
import org.doji.grc.persistence.CoAllocationRepository;
import org.doji.grc.persistence.DelegatedReservationRepository;
import org.doji.grc.persistence.GrcPersistenceOnly;
import org.doji.grc.tx.InMemoryTransactionLog;
import org.doji.grc.tx.ParticipantCalls;
import org.doji.grc.tx.TransactionDriver;
import org.doji.grc.tx.TransactionEngine;
import org.doji.rm.api.Caller;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.kernel.InMemoryReservationStore;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.kernel.RmSettings;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.RmKind;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.sim.SimulatedBackend;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.testing.TestDatabase;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The GRC's RM port takes one change of a reservation at a time, as its user port does: while the last change is
 * still being completed at the children (a child's commit answer was lost; the driver completes it later), the
 * next is refused. Before, it ran beside the last one, whose end then wrote its parts over the next one's: the
 * parts a later cancel releases lacked the part the modification added, which stayed booked (a deterministic
 * simulation seed of two GRC levels found it).
 */
class RmPortOneChangeAtATimeTest {

    private static final Instant T0 = Instant.parse("2030-07-01T00:00:00Z");
    private static final Caller PARENT = Caller.coordinator("grc-top");

    @TempDir
    static Path dir;
    private static ConfigurableApplicationContext context;
    private static final SettableClock clock = new SettableClock(T0);
    private static final List<ReservationKernel> kernels = new ArrayList<>();
    /** How many of crm-b's next commits act but lose their answer. */
    private static final AtomicInteger bLosesCommitAnswers = new AtomicInteger();
    private static ExecutorService rmCalls;
    private static GrcResourceManager port;
    private static TransactionDriver driver;

    @BeforeAll
    static void start() {
        context = new SpringApplicationBuilder(GrcPersistenceOnly.class).web(WebApplicationType.NONE)
                .run("--spring.jmx.enabled=false", "--spring.datasource.url=" + TestDatabase.url(dir.resolve("grc")));
        TransactionTemplate tx = context.getBean(TransactionTemplate.class);
        List<RmRegistry.Entry> entries = new ArrayList<>();
        for (String site : List.of("A", "B")) {
            String id = "crm-" + site.toLowerCase();
            BackendInventory inventory = new BackendInventory(RmKind.COMPUTE, "d",
                    List.of(SimulatedBackend.site(site, 4, 4, 1.0, Map.of())), List.of(), List.of(), List.of(), List.of());
            ReservationKernel k = new ReservationKernel(new RmSettings(id, Duration.ofMinutes(2), Duration.ofDays(366),
                    Map.of(), Set.of()), new SimulatedBackend(inventory), new InMemoryReservationStore(), clock, Notifier.NONE);
            kernels.add(k);
            entries.add(new RmRegistry.Entry(id, "test:" + id, site.equals("B") ? losingCommitAnswers(k) : k));
        }
        RmRegistry registry = new RmRegistry(entries, Caller.coordinator("grc-child"), clock);
        rmCalls = Executors.newFixedThreadPool(2);
        TransactionEngine engine = new TransactionEngine(new InMemoryTransactionLog(), new ParticipantCalls(registry,
                Caller.coordinator("grc-child"), () -> "http://grc-child/notify", new SimpleMeterRegistry()), rmCalls, clock,
                Duration.ofMillis(200), Duration.ofSeconds(30), clock::advance);
        CoAllocationStore calls = new CoAllocationStore(context.getBean(CoAllocationRepository.class),
                context.getBean(CallRecordRepository.class), tx, clock);
        port = RmPortAssembly.resourceManager("grc-child", registry, engine, Duration.ZERO,
                new DelegatedReservations(context.getBean(DelegatedReservationRepository.class), tx, clock), calls, rmCalls,
                Duration.ofSeconds(5), Duration.ofMinutes(2), clock, Notifier.NONE, org.doji.rm.util.Entropy.secure());
        driver = new TransactionDriver(engine, clock, Runnable::run);
    }

    @AfterAll
    static void stop() {
        rmCalls.shutdownNow();
        context.close();
    }

    private static ResourceManager losingCommitAnswers(ResourceManager rm) {
        return (ResourceManager) Proxy.newProxyInstance(ResourceManager.class.getClassLoader(),
                new Class<?>[] {ResourceManager.class}, (proxy, method, args) -> {
                    Object answer;
                    try {
                        answer = method.invoke(rm, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (method.getName().equals("commit") && bLosesCommitAnswers.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                        throw new DojiException(FaultKind.RESOURCE_UNAVAILABLE, "RM_UNREACHABLE", "commit: answer lost");
                    }
                    return answer;
                });
    }

    private static ReservationSpec cores(int a, int b) {
        Instant start = T0.plus(Duration.ofDays(1));
        return new ReservationSpec(new TimeWindow(start, start.plus(Duration.ofHours(1))),
                List.of(new ComputeDemand("A", a, List.of()), new ComputeDemand("B", b, List.of())), List.of(), List.of(),
                List.of("alice"), "co-top");
    }

    private static long live() {
        return kernels.stream().mapToLong(k -> k.openReservations().stream().filter(v -> !v.lifecycleState().isFinal())
                .count()).sum();
    }

    @Test
    void aChangeWhileTheLastIsStillBeingCompletedAtTheChildrenIsRefused() {
        String key = port.reserve(PARENT, "r1", cores(4, 4), null).key();
        bLosesCommitAnswers.set(1);
        port.commit(PARENT, key, "c1"); // decided; crm-b's commit acted, its answer lost: the driver completes it later

        assertThatThrownBy(() -> port.modify(PARENT, key, "m1", cores(8, 4))).isInstanceOf(DojiException.class)
                .satisfies(e -> assertThat(((DojiException) e).kind()).isEqualTo(FaultKind.INVALID_STATE_TRANSITION));
        assertThatThrownBy(() -> port.cancel(PARENT, key, "x1")).isInstanceOf(DojiException.class);

        clock.advance(Duration.ofSeconds(1));
        driver.driveDue();
        port.commit(PARENT, port.modify(PARENT, key, "m2", cores(8, 4)).key(), "c2");
        port.commit(PARENT, port.cancel(PARENT, key, "x2").key(), "c3");
        assertThat(live()).as("everything the reservation held is released").isZero();
    }
}
