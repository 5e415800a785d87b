package org.doji.rm.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RestartableRmPortsTest {

    /**
     * A grid picks every process's port before any of them binds it (two start at a time): the operating system's
     * ephemeral range alone gives the same port twice within a few thousand picks, and two RMs on one port serve
     * each other's calls.
     */
    @Test
    void portsHandedOutBeforeAnyIsBoundAreDistinct() {
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 3000; i++) {
            int port = RestartableRm.freePort();
            assertThat(seen.add(port)).as("port %d handed out twice (pick %d)", port, i).isTrue();
        }
    }
}
