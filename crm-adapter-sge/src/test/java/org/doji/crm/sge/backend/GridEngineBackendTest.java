package org.doji.crm.sge.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.doji.crm.batch.testing.RecordedCommands.recorded;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.doji.crm.batch.testing.RecordedCommands;
import org.doji.crm.sge.config.GridEngineProperties;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.ReservationContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GridEngineBackendTest {

    @TempDir
    Path dir;

    RecordedCommands commands;
    GridEngineBackend backend;
    Instant now = Instant.parse("2026-11-22T02:00:00Z");
    Clock clock = new Clock() {
        @Override
        public java.time.ZoneId getZone() {
            return java.time.ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    };

    @BeforeEach
    void setUp() {
        commands = new RecordedCommands();
        GridEngineProperties props = new GridEngineProperties(null, "tokyo", 2.5, null, null, null, null, null, null,
                null, dir.resolve("ledger"), null, null, null, Map.of("CN=Alice", "dojialice"), Duration.ofSeconds(5));
        backend = GridEngineBackendFactory.create(props, commands, clock, true, Duration.ZERO);
    }

    static ReservationContext ctx(String key, LifecycleState state, String handle) {
        TimeWindow w = new TimeWindow(Instant.parse("2026-11-22T03:00:00Z"), Instant.parse("2026-11-22T04:00:00Z"));
        ReservationSpec spec = new ReservationSpec(w, List.of(new ComputeDemand("tokyo", 4, List.of())), List.of(),
                List.of(), List.of("dojibob", "bad name!"), "g-1");
        Allocation a = new Allocation(List.of(new ComputeAllocation("tokyo", 4, List.of("node1", "node2"), handle)),
                List.of(), List.of(), 10);
        return new ReservationContext(key, "CN=Alice", List.of("grc-user"), spec, a, state);
    }

    @Test
    void inventoryIsOneSiteWithTheExecHostsAndTheirCores() {
        commands.on("qhost -F", recorded("sge/qhost")).on("qstat -xml", recorded("sge/qstat-idle"));
        BackendInventory inv = backend.inventory();
        assertThat(inv.sites()).singleElement().satisfies(site -> {
            assertThat(site.name()).isEqualTo("tokyo");
            assertThat(site.unitPrice()).isEqualTo(2.5);
            assertThat(site.nodes()).extracting(BackendInventory.Node::name)
                    .containsExactly("node1", "node2", "node3", "node4");
            assertThat(site.totalCores()).isEqualTo(8);
            assertThat(site.attributes()).containsEntry("arch", "lx-amd64").containsEntry("lrms", "gridengine");
        });
    }

    /** Recorded with all.q at 3 slots on node2, node3 capped at 1 slot, a 5-slot reservation queue on node1. */
    @Test
    void inventoryCountsTheConfiguredSlotsNotTheProcessors() {
        commands.on("qhost -F", recorded("sge/qhost-slots")).on("qstat -xml", recorded("sge/qstat-slots"));
        BackendInventory.ComputeSite site = backend.inventory().sites().get(0);
        assertThat(site.nodes()).extracting(BackendInventory.Node::name, BackendInventory.Node::cores).containsExactly(
                tuple("node1", 2), tuple("node2", 3), tuple("node3", 1), tuple("node4", 2));
        assertThat(site.totalCores()).isEqualTo(8);
        // the reservation queue for node2 offers the 3 configured slots
        assertThat(backend.target(ctx("r2", LifecycleState.Created, null)).slotsPerHost())
                .containsExactly(Map.entry("node1", 2), Map.entry("node2", 3));
    }

    @Test
    void liveStateReportsAnUnreachableQmasterAndAsksAgainAtOnce() {
        commands.on("qhost -F", recorded("sge/qhost-down"));
        assertThat(backend.liveState().reachable()).isFalse();
        assertThat(backend.liveState().reachable()).isFalse();
        assertThat(commands.callsTo("qhost -F")).hasSize(2);
    }

    /** Cached in real elapsed time (crm-batch-common's LiveStateCache), whatever the kernel's clock says. */
    @Test
    void liveStateOfAHealthyClusterHasNoDownNodesAndIsCachedForItsTtl() {
        commands.on("qhost -F", recorded("sge/qhost"));
        assertThat(backend.liveState().reachable()).isTrue();
        now = now.plusSeconds(6);
        assertThat(backend.liveState().downNodes()).isEmpty();
        assertThat(commands.callsTo("qhost -F")).hasSize(1);
    }

    @Test
    void targetMapsUsersAndNamesTheQueueAfterTheKey() {
        commands.on("qhost -F", recorded("sge/qhost")).on("qstat -xml", recorded("sge/qstat-idle"));
        ReservationTarget t = backend.target(ctx("3f2a-77.b", LifecycleState.Created, null));
        assertThat(t.name()).isEqualTo("doji_3f2a_77_b");
        assertThat(t.users()).containsExactly("dojialice", "grc-user", "dojibob");
        assertThat(t.slotsPerHost()).containsExactly(Map.entry("node1", 2), Map.entry("node2", 2));
    }

    @Test
    void commitReturnsTheQueueNameAsHandleOfEveryComputeAllocation() {
        commands.on("qhost -F", recorded("sge/qhost")).on("qstat -xml", recorded("sge/qstat-idle"))
                .on("qconf -Au", recorded("sge/qconf-create"));
        Allocation a = backend.onCommit(ctx("r1", LifecycleState.Created, null));
        assertThat(a.compute()).extracting(ComputeAllocation::handle).containsExactly("doji_r1");
        assertThat(a.compute().get(0).nodes()).containsExactly("node1", "node2");
        assertThat(a.cost()).isEqualTo(10);
    }
}
