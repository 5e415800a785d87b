package org.doji.crm.slurm;

import org.doji.crm.batch.CommandFailedException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.doji.crm.batch.testing.RecordedCommands.recorded;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.doji.crm.batch.testing.RecordedCommands;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.ReservationContext;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.Test;

/** The backend's actions against outputs recorded from Slurm 22.05 (fixtures/README.md). */
class SlurmBackendTest {

    private static final Instant NOW = Instant.parse("2026-11-25T13:40:00Z");
    private final SettableClock clock = new SettableClock(NOW);
    private final RecordedCommands runner = new RecordedCommands()
            .on("scontrol -o show nodes", recorded("slurm/show-nodes"))
            .on("scontrol -o show reservation", recorded("slurm/show-reservation-none"))
            .on("scontrol create", recorded("slurm/create-ok"))
            .on("scontrol update", recorded("slurm/update-ok"))
            .on("scontrol delete", recorded("slurm/delete-ok"))
            .on("scontrol requeue", recorded("slurm/requeue-ok"))
            .on("scancel", recorded("slurm/scancel-reservation"))
            .on("squeue", recorded("slurm/squeue-running"));
    private final SlurmBackend backend = new SlurmBackend(SlurmProperties.defaults().withZone("UTC"), runner, clock, "d1");

    private static ReservationContext ctx(String key, List<String> nodes, Instant start, Instant end, List<String> users,
                                          LifecycleState state) {
        ReservationSpec spec = new ReservationSpec(new TimeWindow(start, end),
                List.of(new ComputeDemand("slurm", 2 * nodes.size(), List.of())), List.of(), List.of(), users, null);
        Allocation alloc = new Allocation(List.of(new ComputeAllocation("slurm", 2 * nodes.size(), nodes, null)),
                List.of(), List.of(), 0);
        return new ReservationContext(key, "grc", users, spec, alloc, state);
    }

    @Test
    void inventoryAndLiveStateComeFromScontrol() {
        BackendInventory inv = backend.inventory();
        assertThat(inv.sites()).singleElement().satisfies(s -> {
            assertThat(s.name()).isEqualTo("slurm");
            assertThat(s.totalCores()).isEqualTo(8);
        });
        assertThat(backend.liveState().downNodes()).containsExactly("n4"); // IDLE+DRAIN
        runner.on("scontrol -o show nodes", recorded("slurm/show-nodes-no-controller"));
        assertThat(backend.liveState().reachable()).as("read again only after live-state-ttl").isTrue();
        SlurmBackend fresh = new SlurmBackend(SlurmProperties.defaults(), runner, clock, "d1");
        assertThat(fresh.liveState().reachable()).isFalse();
        assertThat(fresh.liveState().message()).contains("Unable to contact slurm controller");
    }

    @Test
    void commitCreatesASlurmReservationWithTheKernelsNodesWindowAndUsers() {
        Allocation a = backend.onCommit(ctx("r-1", List.of("n2", "n1"), NOW.plusSeconds(3600), NOW.plusSeconds(5430),
                List.of("carol", "alice"), LifecycleState.Created));
        assertThat(a.compute().get(0).handle()).isEqualTo("doji-r-1");
        assertThat(runner.callsStartingWith("scontrol create")).containsExactly("scontrol create reservation "
                + "ReservationName=doji-r-1 StartTime=2026-11-25T14:40:00 EndTime=2026-11-25T15:10:30 Nodes=n1,n2 "
                + "Users=alice,carol Flags=IGNORE_JOBS");
        assertThat(runner.calls()).as("one command when nothing was made before").hasSize(1);
    }

    @Test
    void aNameSlurmCannotResolveIsLeftOutWhileSomeoneNamedRemains() {
        SlurmBackend hostKnowsAlice = new SlurmBackend(SlurmProperties.defaults().withZone("UTC"), runner, clock, "d1",
                "alice"::equals);
        hostKnowsAlice.onCommit(ctx("r-1", List.of("n1"), NOW.plusSeconds(3600), NOW.plusSeconds(5430),
                List.of("grc", "alice"), LifecycleState.Created));
        hostKnowsAlice.onCommit(ctx("r-2", List.of("n2"), NOW.plusSeconds(3600), NOW.plusSeconds(5430),
                List.of("grc", "carol"), LifecycleState.Created));
        assertThat(runner.callsStartingWith("scontrol create")).containsExactly(
                "scontrol create reservation ReservationName=doji-r-1 StartTime=2026-11-25T14:40:00 "
                        + "EndTime=2026-11-25T15:10:30 Nodes=n1 Users=alice Flags=IGNORE_JOBS",
                "scontrol create reservation ReservationName=doji-r-2 StartTime=2026-11-25T14:40:00 "
                        + "EndTime=2026-11-25T15:10:30 Nodes=n2 Users=carol,grc Flags=IGNORE_JOBS");
        assertThat(SlurmBackend.isLocalUser("root")).isTrue();
        assertThat(SlurmBackend.isLocalUser("no-such-user-here")).isFalse();
    }

    @Test
    void aRetriedCommitUpdatesWhatItFinds() {
        runner.on("scontrol -o show reservation", recorded("slurm/show-reservation"));
        runner.on("scontrol create", recorded("slurm/create-overlap"));
        backend.onCommit(ctx("r-future", List.of("n1", "n3"), Instant.parse("2026-11-25T15:39:50Z"),
                Instant.parse("2026-11-25T17:39:50Z"), List.of("root"), LifecycleState.Created));
        assertThat(runner.callsStartingWith("scontrol update")).containsExactly("scontrol update ReservationName=doji-r-future "
                + "StartTime=2026-11-25T15:39:50 EndTime=2026-11-25T17:39:50 Nodes=n1,n3 Users=root");
    }

    @Test
    void atTheStartOtherJobsOnItsNodesAreRequeuedInOneCommand() {
        runner.on("scontrol -o show reservation", recorded("slurm/show-reservation"));
        backend.onStart(ctx("r-active", List.of("n1"), NOW.minusSeconds(10), NOW.plusSeconds(590), List.of("root"),
                LifecycleState.Active));
        assertThat(runner.callsStartingWith("squeue")).containsExactly("squeue -h -t RUNNING -w n1 -o %i|%v");
        assertThat(runner.callsStartingWith("scontrol requeue")).containsExactly("scontrol requeue 4");
        assertThat(runner.callsStartingWith("scontrol create")).isEmpty();
    }

    @Test
    void modifyWhileActiveKeepsTheStartSlurmRefusesToMove() {
        runner.on("scontrol -o show reservation", recorded("slurm/show-reservation"));
        Instant start = Instant.parse("2026-11-25T13:39:50Z");
        ReservationContext before = ctx("r-active", List.of("n1"), start, NOW.plusSeconds(590), List.of("root"),
                LifecycleState.Active);
        ReservationContext after = ctx("r-active", List.of("n1", "n2"), start, NOW.plusSeconds(1190), List.of("root"),
                LifecycleState.Active);
        Allocation a = backend.onModify(before, after);
        assertThat(a.compute().get(0).handle()).isEqualTo("doji-r-active");
        assertThat(runner.callsStartingWith("scontrol update")).containsExactly("scontrol update ReservationName=doji-r-active "
                + "EndTime=2026-11-25T13:59:50 Nodes=n1,n2 Users=root");
        assertThat(runner.callsStartingWith("squeue")).containsExactly("squeue -h -t RUNNING -w n2 -o %i|%v");
        // the start Slurm refuses, recorded: the backend must never send it for a started reservation
        assertThat(recorded("slurm/update-started").stderr()).contains("Reservation already started");
    }

    @Test
    void cancelAndEndCancelTheJobsAndDeleteOnceEvenWhenRetried() {
        ReservationContext c = ctx("r-1", List.of("n1"), NOW, NOW.plusSeconds(60), List.of("root"), LifecycleState.Active);
        backend.onCancel(c);
        assertThat(runner.calls()).containsSubsequence("scancel --reservation=doji-r-1", "scontrol delete ReservationName=doji-r-1");
        runner.on("scontrol delete", recorded("slurm/delete-missing"));
        backend.onEnd(c); // already gone: no failure
        runner.on("scontrol delete", recorded("slurm/requeue-unknown"));
        assertThatThrownBy(() -> backend.onEnd(c)).isInstanceOf(CommandFailedException.class)
                .hasMessageContaining("Invalid job id");
    }

    @Test
    void reconcileCreatesWhatIsMissingDeletesUnknownDojiReservationsAndLeavesOthersAlone() {
        runner.on("scontrol -o show reservation", recorded("slurm/show-reservation"));
        ReservationContext future = ctx("r-future", List.of("n1", "n2"), Instant.parse("2026-11-25T15:39:50Z"),
                Instant.parse("2026-11-25T16:39:50Z"), List.of("root"), LifecycleState.Created);
        ReservationContext missing = ctx("r-new", List.of("n3"), NOW.plus(Duration.ofHours(5)), NOW.plus(Duration.ofHours(6)),
                List.of("root"), LifecycleState.Created);
        ReservationContext ended = ctx("r-old", List.of("n2"), NOW.minusSeconds(7200), NOW.minusSeconds(3600),
                List.of("root"), LifecycleState.Active);
        backend.reconcile(List.of(future, missing, ended));
        assertThat(runner.callsStartingWith("scontrol create")).singleElement().asString().contains("ReservationName=doji-r-new");
        assertThat(runner.callsStartingWith("scontrol update")).as("doji-r-future matches").isEmpty();
        assertThat(runner.callsStartingWith("scontrol delete")).containsExactly("scontrol delete ReservationName=doji-r-active");
        assertThat(runner.calls()).noneMatch(c -> c.contains("maint-foreign") || c.contains("doji-r-old"));
    }

    @Test
    void refusalsCarrySlurmsMessage() {
        runner.on("scontrol create", recorded("slurm/create-overlap"));
        assertThatThrownBy(() -> backend.onCommit(ctx("r-2", List.of("n2"), NOW.plusSeconds(60), NOW.plusSeconds(120),
                List.of("root"), LifecycleState.Created)))
                .isInstanceOf(CommandFailedException.class).hasMessageContaining("overlaps with another reservation");
        runner.on("scontrol create", recorded("slurm/create-bad-user"));
        assertThatThrownBy(() -> backend.onCommit(ctx("r-3", List.of("n3"), NOW.plusSeconds(60), NOW.plusSeconds(120),
                List.of("nosuchuser"), LifecycleState.Created)))
                .isInstanceOf(CommandFailedException.class).hasMessageContaining("Invalid user id");
    }
}
