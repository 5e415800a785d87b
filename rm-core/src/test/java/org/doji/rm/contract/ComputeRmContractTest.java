package org.doji.rm.contract;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.doji.rm.api.ResourceManager;
import org.doji.rm.model.ComputeDemand;
import org.doji.rm.model.ReservationSpec;
import org.doji.rm.model.TimeWindow;
import org.doji.rm.testing.RestartableRm;

/**
 * The contract against a compute RM application (an adapter of a real batch system) run as a
 * {@link RestartableRm}, called over its SOAP port as a coordinator calls it. The adapters differ only in the
 * site they offer, the cores of one node and the user their system admits: the grantable spec asks for one
 * node's cores, the too-large one for more cores than any site has.
 */
public abstract class ComputeRmContractTest extends RestartableRmContractTest {

    private final String site;
    private final int nodeCores;
    private final String user;

    /**
     * @param clockMover moves the RM's virtual clock; null when the RM runs in real time
     * @param site       the site the RM offers
     * @param nodeCores  the cores of one node (a grantable spec's size)
     * @param user       the Unix user the reservations admit
     */
    protected ComputeRmContractTest(Supplier<RestartableRm> app, Consumer<Duration> clockMover, String site,
                                    int nodeCores, String user) {
        super(app, clockMover);
        this.site = site;
        this.nodeCores = nodeCores;
        this.user = user;
    }

    @Override
    protected ResourceManager rm() {
        return app().client();
    }

    @Override
    protected ReservationSpec grantable(TimeWindow window) {
        return spec(window, nodeCores);
    }

    @Override
    protected ReservationSpec tooLarge(TimeWindow window) {
        return spec(window, 10_000);
    }

    private ReservationSpec spec(TimeWindow window, int cores) {
        return new ReservationSpec(window, List.of(new ComputeDemand(site, cores, List.of())), List.of(), List.of(),
                List.of(user), null);
    }
}
