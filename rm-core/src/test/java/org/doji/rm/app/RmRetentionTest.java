package org.doji.rm.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.doji.rm.api.Caller;
import org.doji.rm.fault.DojiException;
import org.doji.rm.fault.FaultKind;
import org.doji.rm.kernel.ReservationKernel;
import org.doji.rm.kernel.RmSettings;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.testing.RestartableRm;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finished reservations are kept for {@code doji.rm.retention} after their last change and then forgotten by the
 * RM's own tick, in virtual time, on its real database (H2 or PostgreSQL, as the test run says); open ones stay.
 */
class RmRetentionTest {

    private static final Instant T0 = Instant.parse("2030-03-01T00:00:00Z");
    private static final Caller GRC = Caller.ANONYMOUS;

    @TempDir
    Path dir;

    private final SettableClock clock = new SettableClock(T0);
    private RestartableRm app;

    @AfterEach
    void stop() {
        if (app != null) {
            app.close();
        }
    }

    private ReservationKernel start() {
        app = new RestartableRm(RmApplication.class, dir.resolve("crm-retention"), Map.of("doji.rm.id", "crm-retention",
                "doji.rm.tick-interval", "PT1H", "doji.rm.retention", "P10D",
                "doji.rm.simulated.sites[0].name", "siteA", "doji.rm.simulated.sites[0].nodes", "4"),
                ctx -> ctx.getBeanFactory().registerSingleton("dojiClock", clock)).start();
        return app.bean(ReservationKernel.class);
    }

    private static ReservationSpec spec(Instant start, Duration length) {
        return new ReservationSpec(new TimeWindow(start, start.plus(length)),
                List.of(new ComputeDemand("siteA", 8, List.of())), List.of(), List.of(), List.of("alice"), null);
    }

    private static String id() {
        return UUID.randomUUID().toString();
    }

    /** Moves the clock to {@code t} an hour at a time, ticking the RM as its driver would. */
    private void advanceTo(ReservationKernel rm, Instant t) {
        while (clock.instant().isBefore(t)) {
            Instant next = clock.instant().plus(Duration.ofHours(1));
            clock.set(next.isAfter(t) ? t : next);
            rm.tick();
        }
    }

    private static boolean known(ReservationKernel rm, String key) {
        try {
            rm.get(GRC, key);
            return true;
        } catch (DojiException e) {
            assertThat(e.kind()).isEqualTo(FaultKind.UNKNOWN_RESOURCE);
            return false;
        }
    }

    @Test
    void finishedReservationsAreForgottenOnceTheRetentionHasPassedAndOpenOnesStay() {
        ReservationKernel rm = start();
        String aborted = rm.reserve(GRC, id(), spec(T0.plus(Duration.ofDays(1)), Duration.ofHours(1)), null).key();
        rm.abort(GRC, aborted, id()); // finished at T0
        String ended = rm.reserve(GRC, id(), spec(T0.plus(Duration.ofHours(2)), Duration.ofHours(1)), null).key();
        rm.commit(GRC, ended, id()); // ends at T0 + 3h
        String later = rm.reserve(GRC, id(), spec(T0.plus(Duration.ofDays(40)), Duration.ofHours(1)), null).key();
        rm.commit(GRC, later, id()); // still open after every step below

        advanceTo(rm, T0.plus(Duration.ofDays(10)).minus(Duration.ofMinutes(1)));
        assertThat(rm.get(GRC, ended).lifecycleState()).isEqualTo(LifecycleState.PassedEndTime);
        assertThat(known(rm, aborted)).as("kept for the whole retention").isTrue();

        advanceTo(rm, T0.plus(Duration.ofDays(10)).plus(Duration.ofHours(1)));
        assertThat(known(rm, aborted)).isFalse();
        assertThat(known(rm, ended)).as("ended 3 hours later than the aborted one").isTrue();

        advanceTo(rm, T0.plus(Duration.ofDays(10)).plus(Duration.ofHours(4)));
        assertThat(known(rm, ended)).isFalse();
        assertThat(rm.get(GRC, later).lifecycleState()).isEqualTo(LifecycleState.Created);

        app.restart(); // forgotten in the database, not only in memory
        rm = app.bean(ReservationKernel.class);
        assertThat(known(rm, aborted)).isFalse();
        assertThat(known(rm, ended)).isFalse();
        assertThat(rm.openReservations()).singleElement().satisfies(v -> assertThat(v.key()).isEqualTo(later));
    }

    @Test
    void aRetentionThatIsNotPositiveIsRefusedNamingTheProperty() {
        assertThatThrownBy(() -> new RmSettings("crm", Duration.ofMinutes(2), Duration.ofDays(1), Map.of(), java.util.Set.of(),
                Duration.ofDays(7), Duration.ZERO)).hasMessageContaining("doji.rm.retention");
    }
}
