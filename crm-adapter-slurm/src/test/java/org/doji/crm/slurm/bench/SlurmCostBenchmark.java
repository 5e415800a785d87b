package org.doji.crm.slurm.bench;

import java.time.Duration;
import java.util.Map;
import org.doji.crm.batch.ProcessCommandRunner;
import org.doji.crm.batch.bench.ReservationCostBenchmark;
import org.doji.crm.slurm.SlurmRmApplication;

/**
 * The reservation-cost benchmark (see {@link ReservationCostBenchmark}) of the Slurm RM on the running
 * Slurm of scripts/start.sh; run as the README says. System properties: bench.cold (10), bench.warmup (100),
 * bench.warm (100), bench.out (a file for the table).
 */
public final class SlurmCostBenchmark {

    private SlurmCostBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, Object> props = Map.of("doji.rm.id", "bench-slurm", "doji.slurm.reservation-prefix", "dojibench-",
                "logging.level.root", "WARN");
        ReservationCostBenchmark.publish(ReservationCostBenchmark.run(new ReservationCostBenchmark.Adapter("Slurm",
                SlurmRmApplication.class, props, new ProcessCommandRunner(null, Duration.ofSeconds(30)), "slurm", "root"),
                Integer.getInteger("bench.cold", 10), Integer.getInteger("bench.warmup", 100),
                Integer.getInteger("bench.warm", 100)));
        System.exit(0);
    }
}
