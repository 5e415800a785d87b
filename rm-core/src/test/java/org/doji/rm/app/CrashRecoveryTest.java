package org.doji.rm.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.UUID;
import org.doji.rm.api.Caller;
import org.doji.rm.kernel.Notifier;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.model.AvailabilityQuery;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.PendingChange;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationState;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.SlotAvailability;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.sim.SimulatedBackend;
import org.doji.rm.spi.ResourceBackend;
import org.doji.rm.testing.RecordingNotifier;
import org.doji.rm.testing.TestDatabase;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Stops the whole RM application (Spring context, file H2 database) in the middle of transactions and
 * starts a new one on the same database: nothing acknowledged is lost, the calendar is rebuilt exactly,
 * holds expire at their original expiry and start/end timers fire.
 */
class CrashRecoveryTest {

    private static final Caller GRC = Caller.coordinator("grc");
    private static final String CONSUMER = "http://grc.example/notify";

    @TempDir
    Path dataDir;

    private final SettableClock clock = new SettableClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));

    private ConfigurableApplicationContext start(RecordingNotifier notifier) {
        return new SpringApplicationBuilder(RmApplication.class)
                .initializers(ctx -> {
                    ctx.getBeanFactory().registerSingleton("dojiClock", clock);
                    ctx.getBeanFactory().registerSingleton("rmNotifier", notifier);
                })
                .properties(Map.of(
                        "doji.rm.id", "crm-crash",
                        "spring.datasource.url", TestDatabase.url(dataDir.resolve("crm-crash")),
                        "server.port", "0",
                        "doji.rm.tick-interval", "PT1H", // the test drives ticks itself
                        "doji.rm.simulated.sites[0].name", "siteA",
                        "doji.rm.simulated.sites[0].nodes", "4",
                        "doji.rm.simulated.sites[0].cores-per-node", "8"))
                .run();
    }

    private TimeWindow minutes(long from, long to) {
        Instant t = clock.instant();
        return new TimeWindow(t.plus(Duration.ofMinutes(from)), t.plus(Duration.ofMinutes(to)));
    }

    private static ReservationSpec cores(int cores, TimeWindow w) {
        return new ReservationSpec(w, List.of(new ComputeDemand("siteA", cores, List.of())), List.of(), List.of(),
                List.of("alice"), "co-crash");
    }

    private static String id() {
        return UUID.randomUUID().toString();
    }

    @Test
    void aRestartedRmLosesNothingAcknowledgedAndKeepsItsTimers() {
        RecordingNotifier notifier1 = new RecordingNotifier();
        ConfigurableApplicationContext first = start(notifier1);
        ReservationKernel rm = first.getBean(ReservationKernel.class);
        assertThat(first.getBean(Notifier.class)).isSameAs(notifier1);

        TimeWindow soon = minutes(10, 20);
        TimeWindow later = minutes(60, 120);
        String commitId = id();
        ReservationView starting = rm.commit(GRC, rm.reserve(GRC, id(), cores(8, soon), CONSUMER).key(), commitId);
        ReservationView committedAnswer = rm.commit(GRC, starting.key(), commitId);
        ReservationView held = rm.reserve(GRC, id(), cores(8, later), CONSUMER);
        ReservationView modifying = rm.commit(GRC, rm.reserve(GRC, id(), cores(8, later), CONSUMER).key(), id());
        rm.modify(GRC, modifying.key(), id(), cores(16, minutes(90, 150)));
        ReservationView cancelling = rm.commit(GRC, rm.reserve(GRC, id(), cores(8, later), CONSUMER).key(), id());
        rm.cancel(GRC, cancelling.key(), id());
        List<String> keys = List.of(starting.key(), held.key(), modifying.key(), cancelling.key());

        AvailabilityQuery query = new AvailabilityQuery(List.of(soon, later, minutes(90, 150), minutes(0, 200)), null);
        List<SlotAvailability> freeBefore = rm.availability(GRC, query);
        Map<String, NavigableMap<Instant, Long>> profiles = rm.usageProfiles();
        List<ReservationView> viewsBefore = keys.stream().map(k -> rm.get(GRC, k)).toList();
        assertThat(freeBefore.get(1).compute().get(0).freeCores()).isZero(); // 8 held + 8 (+8 of the modify) + 8

        first.close(); // the RM goes away with holds, a pending modify and a pending cancel
        clock.advance(Duration.ofSeconds(30));

        RecordingNotifier notifier2 = new RecordingNotifier();
        ConfigurableApplicationContext second = start(notifier2);
        try {
            ReservationKernel again = second.getBean(ReservationKernel.class);
            SimulatedBackend backend = (SimulatedBackend) second.getBean(ResourceBackend.class);
            assertThat(again).isNotSameAs(rm);
            assertThat(keys.stream().map(k -> again.get(GRC, k)).toList()).isEqualTo(viewsBefore);
            assertThat(again.availability(GRC, query)).isEqualTo(freeBefore);
            assertThat(again.usageProfiles()).isEqualTo(profiles);
            assertThat(again.openReservations()).extracting(ReservationView::key).containsExactlyInAnyOrderElementsOf(keys);
            // an acknowledged answer is still the answer to a retried call
            assertThat(again.commit(GRC, starting.key(), commitId)).isEqualTo(committedAnswer);

            // holds are re-armed at their ORIGINAL expiry
            clock.set(held.holdExpires().minusMillis(1));
            again.tick();
            assertThat(again.get(GRC, held.key()).reservationState()).isEqualTo(ReservationState.ReserveHeld);
            clock.set(held.holdExpires().plusMillis(500)); // modify and cancel were prepared a little later
            again.tick();
            ReservationView expired = again.get(GRC, held.key());
            assertThat(expired.reservationState()).isEqualTo(ReservationState.ReserveTimeout);
            assertThat(expired.lifecycleState()).isEqualTo(LifecycleState.Terminated);
            ReservationView restored = again.get(GRC, modifying.key());
            assertThat(restored.pendingChange()).isEqualTo(PendingChange.None);
            assertThat(restored.spec()).isEqualTo(modifying.spec());
            assertThat(restored.allocation()).isEqualTo(modifying.allocation());
            ReservationView kept = again.get(GRC, cancelling.key());
            assertThat(kept.lifecycleState()).isEqualTo(LifecycleState.Created);
            assertThat(kept.pendingChange()).isEqualTo(PendingChange.None);
            assertThat(notifier2.messagesFor(held.key())).containsExactly("timeout");
            assertThat(notifier2.messagesFor(modifying.key())).containsExactly("timeout");
            assertThat(notifier2.messagesFor(cancelling.key())).containsExactly("timeout");
            assertThat(again.availability(GRC, query).get(1).compute().get(0).freeCores()).isEqualTo(16);

            // start and end timers of the committed reservation fire at their instants
            clock.set(soon.start());
            again.tick();
            // the new backend was told to let go of the expired reserve and modify holds
            assertThat(backend.actions()).containsExactlyInAnyOrder("abort:" + held.key(), "abort:" + modifying.key(),
                    "start:" + starting.key());
            assertThat(backend.actions()).endsWith("start:" + starting.key());
            clock.set(soon.end());
            again.tick();
            assertThat(backend.actions()).endsWith("start:" + starting.key(), "end:" + starting.key());
            assertThat(again.get(GRC, starting.key()).lifecycleState()).isEqualTo(LifecycleState.PassedEndTime);
            assertThat(notifier2.messagesFor(starting.key())).containsExactly("start", "end");
            assertThat(again.capacityViolations()).isEmpty();
        } finally {
            second.close();
        }
    }
}
