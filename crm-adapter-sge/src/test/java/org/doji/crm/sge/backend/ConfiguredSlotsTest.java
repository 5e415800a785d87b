package org.doji.crm.sge.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.doji.crm.batch.testing.RecordedCommands.fixture;

import java.util.List;
import java.util.Map;
import org.doji.crm.sge.cli.GridEngineModel.ClusterStatus;
import org.doji.crm.sge.cli.GridEngineModel.Host;
import org.doji.crm.sge.cli.GridEngineParsers;
import org.junit.jupiter.api.Test;

class ConfiguredSlotsTest {

    @Test
    void configuredSlotsComeFromTheSitesQueuesCappedByTheHostNotFromTheProcessors() {
        List<Host> hosts = GridEngineParsers.hosts(fixture("sge/qhost-slots.stdout"));
        ClusterStatus s = GridEngineParsers.status(fixture("sge/qstat-slots.stdout"));
        assertThat(s.instance("doji_slots@node1")).get().matches(qi -> qi.slotsTotal() == 5);
        assertThat(ConfiguredSlots.perHost(hosts, s.instances(), "doji_"))
                .containsExactly(Map.entry("node1", 2), Map.entry("node2", 3), Map.entry("node3", 1), Map.entry("node4", 2));
        // a host no queue serves: its own cap, else its processors
        assertThat(ConfiguredSlots.perHost(hosts, List.of(), "doji_"))
                .containsExactly(Map.entry("node1", 2), Map.entry("node2", 2), Map.entry("node3", 1), Map.entry("node4", 2));
    }
}
