package org.doji.it.realgrid;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the real grid's systems hold at one moment, read with their own commands ({@link RealSystems}): Grid
 * Engine's advance reservations and Slurm's reservations of the grid's RMs (by name), and per wide-area switch its
 * reservation flows and its meters, as {@code ovs-ofctl} prints them.
 */
record RealSnapshot(Instant at, Map<String, RealSystems.Booking> gridEngine, Map<String, RealSystems.Booking> slurm,
                    Map<String, List<String>> flows, Map<String, List<String>> meters) {

    static RealSnapshot read() {
        Instant at = Instant.now();
        return new RealSnapshot(at, RealSystems.gridEngineReservations(RealGrid.SGE_PREFIX),
                RealSystems.slurmReservations(RealGrid.SLURM_PREFIX), RealSystems.reservationFlows(), RealSystems.meters());
    }

    /** Whether nothing of any reservation is there. */
    boolean empty() {
        return gridEngine.isEmpty() && slurm.isEmpty() && RealSystems.count(flows) == 0 && RealSystems.count(meters) == 0;
    }

    @Override
    public String toString() {
        return "qrstat " + gridEngine.keySet() + ", scontrol " + slurm.keySet() + ", " + RealSystems.count(flows)
                + " flows, " + RealSystems.count(meters) + " meters";
    }
}
