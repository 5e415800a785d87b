package org.doji.crm.torque;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.doji.crm.batch.testing.RecordedCommands.recorded;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.doji.crm.batch.testing.RecordedCommands;
import org.doji.rm.util.SettableClock;
import org.junit.jupiter.api.Test;

/** The periodic scheduling pass stops like the kernel's other periodic tasks: the pass in progress finishes. */
class TorqueSchedulerDriverTest {

    @Test
    void aStopLetsThePassInProgressFinishWithoutAnInterrupt() throws Exception {
        CountDownLatch inPass = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean interrupted = new AtomicBoolean();
        RecordedCommands runner = new RecordedCommands()
                .on("qstat -f -x", argv -> {
                    inPass.countDown();
                    try {
                        release.await(); // TORQUE answers slowly while the service stops
                    } catch (InterruptedException e) {
                        interrupted.set(true);
                    }
                    return recorded("torque/qstat-f-x");
                })
                .on("pbsnodes -x", recorded("torque/pbsnodes-x"))
                .on("qrun", recorded("torque/qrun-ok"));
        TorqueBackend backend = new TorqueBackend(TorqueProperties.defaults(), runner,
                new SettableClock(Instant.ofEpochSecond(1795613330L)), "d1");
        TorqueSchedulerDriver driver = new TorqueSchedulerDriver(backend, TorqueProperties.defaults());

        driver.start();
        assertThat(inPass.await(30, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<Void> stopping = CompletableFuture.runAsync(driver::stop);
        boolean stoppedDuringThePass;
        try {
            stopping.get(300, TimeUnit.MILLISECONDS);
            stoppedDuringThePass = true;
        } catch (TimeoutException waitsForThePass) {
            stoppedDuringThePass = false;
        }
        release.countDown();
        stopping.get(30, TimeUnit.SECONDS);
        // the pass goes on to its qrun: TORQUE's answer is not lost
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertThat(runner.callsStartingWith("qrun")).containsExactly("qrun -H tqnode3:ppn=3 6.vm"));

        assertThat(interrupted).as("the pass was interrupted by the stop").isFalse();
        assertThat(stoppedDuringThePass).as("the stop returned while the pass still ran").isFalse();
        assertThat(driver.isRunning()).isFalse();
    }
}
