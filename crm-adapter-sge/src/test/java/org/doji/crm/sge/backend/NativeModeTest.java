package org.doji.crm.sge.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.doji.crm.batch.testing.RecordedCommands.fixture;
import static org.doji.crm.batch.testing.RecordedCommands.recorded;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.doji.crm.batch.testing.RecordedCommands;
import org.doji.crm.sge.cli.GridEngineClient;
import org.doji.crm.sge.cli.GridEngineException;
import org.doji.crm.sge.cli.GridEngineParsers;
import org.doji.crm.sge.config.GridEngineProperties;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.TimeWindow;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeModeTest {

    @TempDir
    Path dir;

    RecordedCommands commands;
    NativeMode mode;
    Clock clock = Clock.fixed(Instant.parse("2026-11-22T02:00:00Z"), ZoneOffset.UTC);

    @BeforeEach
    void setUp() {
        commands = new RecordedCommands();
        GridEngineProperties props = new GridEngineProperties(GridEngineProperties.Mode.NATIVE, null, null, null, null,
                null, null, null, null, null, dir.resolve("ledger"), null, null, ZoneOffset.UTC, null, null);
        mode = new NativeMode(new GridEngineClient(commands, props.binDir(), dir, true, "root"), props, clock);
    }

    static ReservationTarget target(String name, String handle, Instant start) {
        Map<String, Integer> slots = new LinkedHashMap<>();
        slots.put("node1", 2);
        slots.put("node2", 2);
        return new ReservationTarget(name, slots, List.of("dojialice", "dojibob"),
                new TimeWindow(start, start.plusSeconds(180)), LifecycleState.Created, handle);
    }

    @Test
    void commitSubmitsAnAdvanceReservationForAllSlotsOfTheHosts() {
        commands.on("qrstat -xml", recorded("sge/qrstat-empty")).on("qrsub -N", recorded("sge/qrsub-ok"));
        String id = mode.commit(target("doji_r1", null, Instant.parse("2026-11-22T02:10:00Z")));

        assertThat(fixture("sge/qrsub-ok.stdout")).contains("reservation " + id + " has been granted");
        assertThat(commands.callsTo("qrsub -N").get(0).argv()).containsSubsequence("-N", "doji_r1", "-a", "202611220210.00",
                "-e", "202611220213.00", "-pe", "mpi", "4", "-q", "*@node1,*@node2", "-u", "dojialice,dojibob");
    }

    @Test
    void aReservationStartingNowIsSubmittedWithoutStartTime() {
        commands.on("qrstat -xml", recorded("sge/qrstat-empty")).on("qrsub -N", recorded("sge/qrsub-ok"));
        mode.commit(target("doji_r1", null, clock.instant()));
        assertThat(commands.callsTo("qrsub -N").get(0).argv()).doesNotContain("-a").contains("-e");
    }

    @Test
    void retriedCommitFindsTheExistingReservationByName() {
        commands.on("qrstat -xml", recorded("sge/qrstat-list"));
        String id = mode.commit(target("doji_arfx", null, Instant.parse("2026-11-22T02:10:00Z")));
        String expected = Long.toString(GridEngineParsers.reservations(fixture("sge/qrstat-list.stdout"))
                .get(0).id());
        assertThat(id).isEqualTo(expected);
        assertThat(commands.callsTo("qrsub -N")).isEmpty();
    }

    /** qrsub refuses a name that is no user on the qmaster host (recorded): the AR is made for the others. */
    @Test
    void aNameGridEngineDoesNotKnowIsLeftOutOfTheUsers() {
        commands.on("qrstat -xml", recorded("sge/qrstat-empty"))
                .on("qrsub -N", recorded("sge/qrsub-unknown-user"), recorded("sge/qrsub-ok"));
        ReservationTarget t = new ReservationTarget("doji_r3", Map.of("node1", 2), List.of("anonymous", "dojialice"),
                new TimeWindow(Instant.parse("2026-11-22T02:10:00Z"), Instant.parse("2026-11-22T02:13:00Z")),
                LifecycleState.Created, null);
        assertThat(mode.commit(t)).isEqualTo("14");
        assertThat(commands.callsTo("qrsub -N")).extracting(c -> c.argv().get(c.argv().indexOf("-u") + 1))
                .containsExactly("anonymous,dojialice", "dojialice");
    }

    @Test
    void whenNoNamedUserIsKnownTheRefusalIsReported() {
        commands.on("qrstat -xml", recorded("sge/qrstat-empty")).on("qrsub -N", recorded("sge/qrsub-unknown-user"));
        ReservationTarget t = new ReservationTarget("doji_r3", Map.of("node1", 2), List.of("anonymous"),
                new TimeWindow(Instant.parse("2026-11-22T02:10:00Z"), Instant.parse("2026-11-22T02:13:00Z")),
                LifecycleState.Created, null);
        assertThatThrownBy(() -> mode.commit(t)).isInstanceOf(GridEngineException.class);
        assertThat(commands.callsTo("qrsub -N")).hasSize(1);
    }

    @Test
    void refusalIsReported() {
        commands.on("qrstat -xml", recorded("sge/qrstat-empty")).on("qrsub -N", recorded("sge/qrsub-denied"));
        assertThatThrownBy(() -> mode.commit(target("doji_r1", null, Instant.parse("2026-11-22T02:10:00Z"))))
                .isInstanceOf(GridEngineException.class)
                .satisfies(e -> assertThat(((GridEngineException) e).reason())
                        .isEqualTo(GridEngineException.Reason.REFUSED));
    }

    @Test
    void releaseDeletesByHandleAndToleratesAMissingReservation() {
        commands.on("qrdel", recorded("sge/qrdel-ok"), recorded("sge/qrdel-missing"));
        mode.release(target("doji_r1", "5", clock.instant()));
        mode.release(target("doji_r1", "5", clock.instant()));
        assertThat(commands.callsTo("qrdel")).hasSize(2).allSatisfy(c -> assertThat(c.argv()).endsWith("5"));
    }

    @Test
    void reconcileDeletesOrphansAndResubmitsMissingReservations() {
        commands.on("qrstat -xml", recorded("sge/qrstat-list")).on("qrdel", recorded("sge/qrdel-ok"))
                .on("qrsub -N", recorded("sge/qrsub-ok"));
        mode.reconcile(List.of(target("doji_r2", "7", Instant.parse("2026-11-22T02:10:00Z"))));
        assertThat(commands.firstWords(2)).containsExactly("qrstat -xml", "qrdel 14", "qrsub -N");
        assertThat(commands.callsTo("qrsub -N").get(0).argv()).contains("doji_r2");
    }

    @Test
    void modifyReplacesTheAdvanceReservation() {
        commands.on("qrdel", recorded("sge/qrdel-ok")).on("qrsub -N", recorded("sge/qrsub-ok"));
        String id = mode.modify(target("doji_r1", "5", Instant.parse("2026-11-22T02:10:00Z")),
                target("doji_r1", "5", Instant.parse("2026-11-22T02:20:00Z")));
        assertThat(commands.firstWords(2)).containsExactly("qrdel 5", "qrsub -N");
        assertThat(commands.callsTo("qrsub -N").get(0).argv()).contains("202611220220.00");
        assertThat(fixture("sge/qrsub-ok.stdout")).contains("reservation " + id + " has been granted");
    }

    @Test
    void anAdvanceReservationBeingDeletedCountsAsGone() {
        // recorded after qrdel of an AR whose job still ran: it lingers in state d
        var deleting = GridEngineParsers.reservations(fixture("sge/qrstat-deleting.stdout")).get(0);
        assertThat(deleting.state()).isEqualTo("d");
        commands.on("qrstat -xml", recorded("sge/qrstat-deleting")).on("qrsub -N", recorded("sge/qrsub-ok"));
        String id = mode.commit(target(deleting.name(), null, Instant.parse("2026-11-22T02:10:00Z")));
        assertThat(id).isNotEqualTo(Long.toString(deleting.id()));
        assertThat(commands.callsTo("qrsub -N")).hasSize(1);
    }
}
