package org.doji.crm.sge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.doji.rm.api.Caller;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.LifecycleState;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.ReservationView;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.soap.client.RemoteResourceManager;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The whole Grid Engine RM (kernel + this backend + SOAP endpoint) against the real cluster: reserve and
 * commit over SOAP, submit a real job into the reservation queue, see it wait, run on the reserved nodes
 * at the start (driven by the kernel's activation driver), and the queue vanish at the end.
 */
@SpringBootTest(classes = GridEngineRmApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "doji.rm.id=sge-it",
            "doji.rm.tick-interval=PT0.5S",
            "spring.datasource.url=jdbc:h2:mem:sge-it;DB_CLOSE_DELAY=-1",
            "doji.sge.site=sge",
            "doji.sge.ledger-file=${java.io.tmpdir}/doji-sge-soap-it/ledger"})
class GridEngineRmSoapIT {

    static RealGridEngine ge;

    @LocalServerPort
    int port;

    @BeforeAll
    static void requireGridEngine() {
        ge = RealGridEngine.require(); // before the context starts: its reconcile talks to Grid Engine
    }

    private RemoteResourceManager rm() {
        return new RemoteResourceManager("http://localhost:" + port + "/services/rm", Duration.ofSeconds(5),
                Duration.ofSeconds(60));
    }

    private static ReservationSpec spec(int cores, TimeWindow w) {
        return new ReservationSpec(w, List.of(new ComputeDemand("sge", cores, List.of())), List.of(), List.of(),
                List.of("dojialice"), "soap-it");
    }

    @Test
    void reservedQueueRunsTheUsersJobOnlyBetweenStartAndEndOnItsNodes() {
        RemoteResourceManager rm = rm();
        assertThat(rm.describe(Caller.ANONYMOUS).sites()).singleElement()
                .satisfies(s -> assertThat(s.nodes()).isGreaterThanOrEqualTo(2));
        Instant start = Instant.now().plusSeconds(20).truncatedTo(ChronoUnit.SECONDS);
        TimeWindow w = new TimeWindow(start, start.plusSeconds(15));

        ReservationView held = rm.reserve(Caller.ANONYMOUS, "soap-it-1", spec(4, w), null);
        ReservationView committed = rm.commit(Caller.ANONYMOUS, held.key(), "soap-it-2");
        String queue = committed.allocation().compute().get(0).handle();
        List<String> nodes = committed.allocation().compute().get(0).nodes();
        assertThat(ge.client.queue(queue)).get().satisfies(q -> assertThat(q.list("hostlist"))
                .containsExactlyElementsOf(nodes));

        long job = RealGridEngine.jobId(ge.submitAs("dojialice", "-q", queue, "-pe", "mpi", "4", "-o", "/dev/null",
                "-j", "y", "-b", "y", "sleep", "120"));
        assertThat(Instant.now()).isBefore(start);
        assertThat(ge.job(job).running()).isFalse();

        await().atMost(Duration.ofSeconds(45)).until(() -> ge.job(job) != null && ge.job(job).running());
        assertThat(Instant.now()).isAfterOrEqualTo(start);
        assertThat(ge.job(job).queueInstances()).map(qi -> qi.substring(qi.indexOf('@') + 1))
                .containsExactlyInAnyOrderElementsOf(nodes);
        assertThat(rm.get(Caller.ANONYMOUS, held.key()).lifecycleState()).isEqualTo(LifecycleState.Active);

        await().atMost(Duration.ofSeconds(40)).until(() -> !ge.client.queueNames().contains(queue));
        assertThat(Instant.now()).isAfterOrEqualTo(w.end());
        await().atMost(Duration.ofSeconds(20)).until(() -> ge.job(job) == null);
    }

    @Test
    void cancelBeforeStartRemovesTheQueue() {
        RemoteResourceManager rm = rm();
        Instant start = Instant.now().plus(2, ChronoUnit.HOURS);
        ReservationView held = rm.reserve(Caller.ANONYMOUS, "soap-it-c1", spec(2, new TimeWindow(start,
                start.plusSeconds(600))), null);
        String queue = rm.commit(Caller.ANONYMOUS, held.key(), "soap-it-c2").allocation().compute().get(0).handle();
        assertThat(ge.client.queueNames()).contains(queue);

        rm.cancel(Caller.ANONYMOUS, held.key(), "soap-it-c3");
        ReservationView cancelled = rm.commit(Caller.ANONYMOUS, held.key(), "soap-it-c4");

        assertThat(cancelled.lifecycleState()).isEqualTo(LifecycleState.Terminated);
        assertThat(ge.client.queueNames()).doesNotContain(queue);
    }
}
