package org.doji.crm.sge.backend;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.doji.crm.batch.CommandRunner;
import org.doji.crm.batch.ProcessCommandRunner;
import org.doji.crm.sge.cli.GridEngineClient;
import org.doji.crm.sge.config.GridEngineProperties;

/** Wires a backend from its properties and a command runner (Spring and the tests use it alike). */
public final class GridEngineBackendFactory {

    private GridEngineBackendFactory() {
    }

    public static GridEngineBackend create(GridEngineProperties props, CommandRunner runner, Clock clock,
                                           boolean batchQconf, Duration retryPause) {
        Path fileDir = Path.of(System.getProperty("java.io.tmpdir"), "doji-sge-" + ProcessHandle.current().pid());
        GridEngineClient client = new GridEngineClient(runner, props.binDir(), fileDir, batchQconf,
                props.resubmitAsOwner() ? System.getProperty("user.name") : null);
        ReservationMode mode = switch (props.mode()) {
            case QUEUE_CONTROL -> new QueueControlMode(client,
                    new HostGuard(client, new DisabledInstanceLedger(props.ledgerFile()), props.queuePrefix()),
                    props, retryPause);
            case NATIVE -> new NativeMode(client, props, clock);
        };
        return new GridEngineBackend(props, client, mode);
    }

    public static GridEngineBackend create(GridEngineProperties props, Clock clock) {
        return create(props, new ProcessCommandRunner(null, props.environment(), props.commandTimeout()), clock, true,
                Duration.ofMillis(200));
    }
}
