package org.doji.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import org.awaitility.Awaitility;
import org.doji.contract.types.CoAllocationState;
import org.doji.grc.demo.GridTopology;
import org.doji.grc.demo.LocalGrid;
import org.doji.it.faults.GrcClient;
import org.doji.rm.testing.TestDatabase;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A co-allocation's life after Reserved, in the GRC's virtual time: its tick moves it to Active when the
 * window starts and to Completed when it ends, and leaves those whose window has not begun alone.
 */
class GrcLifecycleIT {

    private static final Duration SETTLE = Duration.ofSeconds(30);
    private static LocalGrid grid;
    private static final SettableClock clock = new SettableClock(Instant.now());

    @BeforeAll
    static void start() {
        grid = LocalGrid.start(GridTopology.builder().crm("crm-x", "X", "D", 2, 4, 1.0, Map.of())
                .crm("crm-y", "Y", "D", 2, 4, 2.0, Map.of()).build(), 0, TestDatabase.grid("mem"), Map.of(), Map.of(),
                ctx -> ctx.getBeanFactory().registerSingleton("grcClock", clock));
    }

    @AfterAll
    static void stop() {
        if (grid != null) {
            grid.close();
        }
    }

    private static String reserve(GrcClient client, Instant start) {
        String key = client.create(UUID.randomUUID().toString(), GrcClient.request(Map.of("a", 2), Map.of(), 0,
                GrcClient.fixed(start, Duration.ofHours(1))));
        assertThat(client.awaitOutcome(key, SETTLE).getState()).isEqualTo(CoAllocationState.RESERVED);
        return key;
    }

    private static void awaitState(GrcClient client, String key, CoAllocationState state) {
        Awaitility.await().atMost(SETTLE).until(() -> client.document(key).getState() == state);
    }

    @Test
    void reservedBecomesActiveAtTheStartAndCompletedAtTheEndOfItsWindowOnly() {
        GrcClient client = new GrcClient(grid.grcUrl());
        Instant soon = Instant.now().truncatedTo(ChronoUnit.HOURS).plus(1, ChronoUnit.DAYS);
        Instant later = soon.plus(3, ChronoUnit.DAYS);
        String first = reserve(client, soon);
        String second = reserve(client, later);

        clock.set(soon.plus(Duration.ofMinutes(1)));
        awaitState(client, first, CoAllocationState.ACTIVE);
        assertThat(client.document(second).getState()).isEqualTo(CoAllocationState.RESERVED);

        clock.set(soon.plus(Duration.ofHours(1)));
        awaitState(client, first, CoAllocationState.COMPLETED);
        assertThat(client.document(second).getState()).isEqualTo(CoAllocationState.RESERVED);

        // a window that passed entirely between two ticks goes straight to Completed
        clock.set(later.plus(Duration.ofHours(2)));
        awaitState(client, second, CoAllocationState.COMPLETED);
    }
}
