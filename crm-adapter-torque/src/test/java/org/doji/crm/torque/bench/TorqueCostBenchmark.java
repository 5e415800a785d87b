package org.doji.crm.torque.bench;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.doji.crm.batch.ProcessCommandRunner;
import org.doji.crm.batch.bench.ReservationCostBenchmark;
import org.doji.crm.torque.TorqueRmApplication;

/**
 * The reservation-cost benchmark (see {@link ReservationCostBenchmark}) of the TORQUE RM on the running
 * TORQUE of scripts/start.sh; run as the README says. System properties: bench.cold (10), bench.warmup
 * (100), bench.warm (100), bench.out (a file for the table), DOJI_TORQUE_BIN (/opt/torque/bin).
 */
public final class TorqueCostBenchmark {

    private TorqueCostBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        String bin = System.getenv().getOrDefault("DOJI_TORQUE_BIN", "/opt/torque/bin");
        Map<String, Object> props = Map.of("doji.rm.id", "bench-torque", "doji.torque.bin-dir", bin,
                // passes run on their own thread and are not measured; a long interval keeps them off the CPU
                "doji.torque.pass-interval", "PT1H", "logging.level.root", "WARN");
        ReservationCostBenchmark.publish(ReservationCostBenchmark.run(new ReservationCostBenchmark.Adapter("TORQUE",
                TorqueRmApplication.class, props, new ProcessCommandRunner(Path.of(bin), Duration.ofSeconds(30)), "torque",
                "dojitq"), Integer.getInteger("bench.cold", 10), Integer.getInteger("bench.warmup", 100),
                Integer.getInteger("bench.warm", 100)));
        System.exit(0);
    }
}
