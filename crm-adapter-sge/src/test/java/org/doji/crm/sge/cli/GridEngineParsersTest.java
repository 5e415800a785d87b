package org.doji.crm.sge.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.doji.crm.batch.testing.RecordedCommands.fixture;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.doji.crm.sge.cli.GridEngineModel.AdvanceReservation;
import org.doji.crm.sge.cli.GridEngineModel.ClusterStatus;
import org.doji.crm.sge.cli.GridEngineModel.ConfigObject;
import org.doji.crm.sge.cli.GridEngineModel.Host;
import org.doji.crm.sge.cli.GridEngineModel.Job;
import org.junit.jupiter.api.Test;

class GridEngineParsersTest {

    @Test
    void qhostListsTheExecHostsWithoutGlobal() {
        List<Host> hosts = GridEngineParsers.hosts(fixture("sge/qhost.stdout"));
        assertThat(hosts).extracting(Host::name).containsExactly("node1", "node2", "node3", "node4");
        assertThat(hosts).allSatisfy(h -> {
            assertThat(h.processors()).isEqualTo(2);
            assertThat(h.arch()).isEqualTo("lx-amd64");
            assertThat(h.up()).isTrue();
        });
    }

    @Test
    void qhostWithSlotsGivesEachHostsOwnSlotLimit() {
        List<Host> hosts = GridEngineParsers.hosts(fixture("sge/qhost-slots.stdout"));
        assertThat(hosts).extracting(Host::name, Host::processors, Host::slotCap).containsExactly(
                tuple("node1", 2, 0), tuple("node2", 2, 0), tuple("node3", 2, 1), tuple("node4", 2, 0));
    }

    @Test
    void qstatGivesInstancesWithStatesAndMergesParallelJobs() {
        ClusterStatus s = GridEngineParsers.status(fixture("sge/qstat-before-start.stdout"));
        assertThat(s.instances()).extracting(GridEngineModel.QueueInstance::name).containsExactly(
                "all.q@node1", "all.q@node2", "all.q@node3", "all.q@node4", "doji_fx@node1", "doji_fx@node2");
        assertThat(s.instance("doji_fx@node1")).get().matches(GridEngineModel.QueueInstance::disabled);
        assertThat(s.instance("all.q@node1")).get().matches(qi -> !qi.disabled() && qi.slotsTotal() == 2);
        Job parallel = job(s, "bgpar"); // -pe mpi 3 with $round_robin: one slot on each of three hosts
        assertThat(parallel.queueInstances()).hasSize(3).allMatch(qi -> qi.startsWith("all.q@node"));
        assertThat(parallel.slots()).isEqualTo(3);
        assertThat(parallel.owner()).isEqualTo("dojibob");
        parallel.queueInstances().forEach(qi -> assertThat(parallel.runsOn(qi.substring(6))).isTrue());
        Job waiting = job(s, "resjob");
        assertThat(waiting.running()).isFalse();
        assertThat(waiting.owner()).isEqualTo("dojialice");
        assertThat(waiting.requestedQueue()).isEqualTo("doji_fx");
        assertThat(waiting.inQueue("doji_fx")).isTrue();
        assertThat(waiting.inQueue("doji_f")).isFalse();
        assertThat(job(s, "bg1").inQueue("all.q")).isTrue();
    }

    private static Job job(ClusterStatus s, String name) {
        return s.jobs().stream().filter(j -> j.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void qstatAfterStartShowsTheReservationJobRunningInItsQueue() {
        ClusterStatus s = GridEngineParsers.status(fixture("sge/qstat-active.stdout"));
        Job reserved = job(s, "resjob");
        assertThat(reserved.running()).isTrue();
        assertThat(reserved.queueInstances()).allMatch(qi -> qi.startsWith("doji_fx@"));
        assertThat(s.instance("all.q@node1")).get().matches(GridEngineModel.QueueInstance::disabled);
        assertThat(s.instance("doji_fx@node1")).get().matches(qi -> !qi.disabled());
    }

    @Test
    void qrstatListsReservationsInLocalTime() {
        List<AdvanceReservation> ars = GridEngineParsers.reservations(fixture("sge/qrstat-list.stdout"));
        assertThat(ars).singleElement().satisfies(ar -> {
            assertThat(ar.name()).isEqualTo("doji_arfx");
            assertThat(ar.owner()).isEqualTo("root");
            assertThat(ar.end()).isAfter(ar.start());
            assertThat(java.time.Duration.between(ar.start(), ar.end())).hasMinutes(3);
        });
        assertThat(GridEngineParsers.reservations(fixture("sge/qrstat-ar.stdout"))).extracting(AdvanceReservation::id)
                .containsExactlyElementsOf(ars.stream().map(AdvanceReservation::id).toList());
        assertThat(GridEngineParsers.reservations(fixture("sge/qrstat-empty.stdout"))).isEmpty();
        assertThat(ars.get(0).start()).isAfter(LocalDateTime.of(2020, 1, 1, 0, 0));
    }

    @Test
    void qconfObjectsAndLists() {
        ConfigObject q = GridEngineParsers.config(fixture("sge/qconf-sq-doji.stdout"));
        assertThat(q.list("hostlist")).containsExactly("node1", "node2");
        assertThat(q.list("user_lists")).containsExactly("doji_fx");
        assertThat(q.get("initial_state")).isEqualTo("disabled");
        assertThat(q.list("xuser_lists")).isEmpty();
        ConfigObject acl = GridEngineParsers.config(fixture("sge/qconf-su-doji.stdout"));
        assertThat(acl.list("entries")).containsExactly("dojialice");
        ConfigObject global = GridEngineParsers.config(fixture("sge/qconf-sconf-global.stdout"));
        assertThat(global.get("reporting_params"))
                .isEqualTo("accounting=true reporting=false flush_time=00:00:15 joblog=false sharelog=00:00:00");
        assertThat(global.get("min_uid")).isEqualTo("0");
        assertThat(GridEngineParsers.names(fixture("sge/qconf-sql.stdout"))).containsExactly("all.q", "doji_fx");
    }
}
