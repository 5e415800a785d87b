package org.doji.it;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link HierarchicalCoAllocationIT}'s lost leaf, with the leaf NRM's notification lost: the east GRC gave its RMs a
 * consumer address where nothing listens. The east GRC's audit of the reservations at its RM port (the poll behind
 * those notifications) finds the failed leaf part, releases the other one, fails its reservation and tells the
 * parent, which releases the rest: no leaf holds anything afterwards.
 */
class HierarchicalLostNotificationIT {

    @BeforeAll
    static void start() {
        HierarchicalCoAllocationIT.startGrids(Map.of("doji.grc.notify-address", "http://127.0.0.1:9/services/notify",
                "doji.grc.part-audit-interval", System.getProperty("doji.it.part-audit-interval", "PT2S")));
    }

    @AfterAll
    static void stop() {
        HierarchicalCoAllocationIT.stop();
    }

    @Test
    void aLeafPartWhoseNotificationIsLostIsFoundByTheChildGrcAndEveryLeafLetsGo() {
        HierarchicalCoAllocationIT.leafPartFailsAndEveryLeafLetsGo();
    }
}
