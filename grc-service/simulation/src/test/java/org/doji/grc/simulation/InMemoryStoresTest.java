package org.doji.grc.simulation;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Arrays;
import org.doji.rm.persistence.IdempotencyRepository;
import org.doji.rm.persistence.ReservationRepository;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.Test;

/** The in-memory repositories answer every query the kernel's repositories declare (a new one fails here first). */
class InMemoryStoresTest {

    @Test
    void everyDeclaredQueryIsAnswered() {
        assertThat(Arrays.stream(ReservationRepository.class.getDeclaredMethods()).map(Method::getName))
                .isSubsetOf(InMemoryStores.RESERVATION_QUERIES);
        assertThat(Arrays.stream(IdempotencyRepository.class.getDeclaredMethods()).map(Method::getName))
                .isSubsetOf(InMemoryStores.ANSWER_QUERIES);
    }

    @Test
    void aKernelTickOverTheInMemoryStoresLogsNoError() {
        ch.qos.logback.classic.Logger root = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("ROOT");
        var seen = new ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent>();
        seen.start();
        root.addAppender(seen);
        try {
            ReferenceGrid.create(ScenarioLoader.reference().topology(), new SettableClock(Workload.T0), java.util.Map.of())
                    .kernels().values().forEach(org.doji.rm.kernel.ReservationKernel::tick);
            assertThat(seen.list).filteredOn(e -> e.getLevel().isGreaterOrEqual(ch.qos.logback.classic.Level.WARN)).isEmpty();
        } finally {
            root.detachAppender(seen);
        }
    }
}
