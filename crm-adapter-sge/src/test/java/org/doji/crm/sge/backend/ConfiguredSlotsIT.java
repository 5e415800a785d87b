package org.doji.crm.sge.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.doji.crm.sge.RealGridEngine;
import org.doji.rm.model.Allocation;
import org.doji.rm.model.ComputeAllocation;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.spi.BackendInventory;
import org.doji.rm.spi.ReservationContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On the real cluster, configured so that slots and processors differ (every exec host has 2 processors; all.q is
 * given 3 slots on node2 and exec host node3 a limit of 1 slot): the site's cores are the configured slots, and a
 * reservation queue on node2 gets its 3 slots.
 */
class ConfiguredSlotsIT {

    @TempDir
    Path tmp;

    RealGridEngine ge;

    @BeforeEach
    void configure() {
        ge = RealGridEngine.require();
        qconf("-mattr", "queue", "slots", "3", "all.q@node2");
        qconf("-mattr", "exechost", "complex_values", "slots=1", "node3");
    }

    @AfterEach
    void restore() {
        if (ge != null) {
            qconf("-purge", "queue", "slots", "all.q@node2");
            qconf("-rattr", "exechost", "complex_values", "NONE", "node3");
        }
    }

    private void qconf(String... args) {
        var r = ge.run("qconf", args);
        assertThat(r.ok()).as("qconf " + String.join(" ", args) + ": " + r.message()).isTrue();
    }

    @Test
    void theSitesCoresAreTheConfiguredSlots() {
        assertThat(ge.client.hosts()).allSatisfy(h -> assertThat(h.processors()).isEqualTo(2));
        GridEngineBackend backend = GridEngineBackendFactory.create(RealGridEngine.PROPS.withLedgerFile(tmp.resolve("ledger")),
                Clock.systemUTC());
        BackendInventory.ComputeSite site = backend.inventory().sites().get(0);
        assertThat(site.nodes()).extracting(BackendInventory.Node::name, BackendInventory.Node::cores).containsExactly(
                tuple("node1", 2), tuple("node2", 3), tuple("node3", 1), tuple("node4", 2));

        Instant start = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(40, ChronoUnit.DAYS);
        ReservationSpec spec = new ReservationSpec(new TimeWindow(start, start.plus(1, ChronoUnit.HOURS)),
                List.of(new ComputeDemand("sge", 3, List.of())), List.of(), List.of(), List.of("dojialice"), null);
        Allocation a = new Allocation(List.of(new ComputeAllocation("sge", 3, List.of("node2"), null)), List.of(), List.of(), 3);
        ReservationContext ctx = new ReservationContext("slots-it", "dojialice", List.of("dojialice"), spec, a,
                LifecycleState.Created);
        try {
            String queue = backend.onCommit(ctx).compute().get(0).handle();
            assertThat(ge.client.queue(queue)).get().satisfies(q -> assertThat(q.attributes().get("slots")).isEqualTo("3"));
        } finally {
            backend.onCancel(ctx);
        }
    }
}
