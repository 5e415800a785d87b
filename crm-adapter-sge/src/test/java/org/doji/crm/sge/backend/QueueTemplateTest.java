package org.doji.crm.sge.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.doji.crm.batch.testing.RecordedCommands.fixture;

import java.util.LinkedHashMap;
import java.util.Map;
import org.doji.crm.sge.cli.GridEngineParsers;
import org.junit.jupiter.api.Test;

class QueueTemplateTest {

    @Test
    void generatedQueueTemplateHasExactlyTheAttributesOfARealQueue() {
        var real = GridEngineParsers.config(fixture("sge/qconf-sq-all.stdout")).attributes().keySet();
        var ours = GridEngineParsers.config(QueueTemplate.queue("doji_x",
                new LinkedHashMap<>(Map.of("node1", 2)), "mpi")).attributes().keySet();
        assertThat(ours).containsExactlyInAnyOrderElementsOf(real);
    }
}
