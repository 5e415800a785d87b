package org.doji.crm.sge;

import java.util.Set;
import java.util.TreeSet;
import org.doji.crm.sge.cli.GridEngineModel;
import org.doji.crm.sge.config.GridEngineProperties;

/**
 * The same contract in native mode: each committed reservation is a Grid Engine advance reservation (qrsub),
 * deleted at cancel, end or destroy (qrdel); after each restart exactly the same ARs exist.
 */
class GridEngineNativeContractIT extends GridEngineKernelContractIT {

    @Override
    protected GridEngineProperties.Mode mode() {
        return GridEngineProperties.Mode.NATIVE;
    }

    /** Doji's ARs, leaving out those Grid Engine is still deleting (state d). */
    @Override
    protected Set<String> reservationObjects() {
        return new TreeSet<>(ge.client.reservations().stream().filter(ar -> ar.name().startsWith("doji_"))
                .filter(ar -> !ar.state().contains("d")).map(GridEngineModel.AdvanceReservation::name).toList());
    }
}
