package org.doji.crm.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.doji.crm.batch.testing.RecordedCommands.fixture;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The parsers on outputs recorded from Slurm 22.05 (see fixtures/README.md). */
class SlurmOutputParserTest {

    private final SlurmOutputParser parser = new SlurmOutputParser(ZoneOffset.UTC);

    @Test
    void readsRecordedNodes() {
        List<SlurmNode> nodes = parser.nodes(fixture("slurm/show-nodes.stdout"));
        assertThat(nodes).extracting(SlurmNode::name).containsExactly("n1", "n2", "n3", "n4");
        assertThat(nodes).extracting(SlurmNode::cpus).containsOnly(2);
        assertThat(nodes).extracting(SlurmNode::state).containsExactly("MIXED", "IDLE", "IDLE", "IDLE+DRAIN");
        assertThat(nodes).extracting(SlurmNode::up).containsExactly(true, true, true, false);
        assertThat(nodes.get(0).partitions()).containsExactly("batch");
    }

    @Test
    void readsRecordedReservations() {
        List<SlurmReservation> rs = parser.reservations(fixture("slurm/show-reservation.stdout"), SlurmProperties.BindTo.USERS);
        assertThat(rs).extracting(SlurmReservation::name).containsExactly("doji-r-future", "doji-r-active", "maint-foreign");
        SlurmReservation future = rs.get(0);
        assertThat(future.nodes()).containsExactly("n1", "n2");
        assertThat(future.start()).isEqualTo(Instant.parse("2026-11-25T15:39:50Z"));
        assertThat(future.end()).isEqualTo(Instant.parse("2026-11-25T16:39:50Z"));
        assertThat(future.users()).containsExactly("root");
        assertThat(parser.reservations(fixture("slurm/show-reservation.stdout"), SlurmProperties.BindTo.ACCOUNTS))
                .allSatisfy(r -> assertThat(r.users()).isEmpty());
        assertThat(parser.reservations(fixture("slurm/show-reservation-none.stdout"), SlurmProperties.BindTo.USERS)).isEmpty();
    }

    @Test
    void valuesWithSpacesStayWhole() {
        String line = fixture("slurm/show-nodes.stdout").lines().findFirst().orElseThrow();
        assertThat(SlurmOutputParser.fields(line).get("OS")).startsWith("Linux ").contains("#1 SMP");
        assertThat(SlurmOutputParser.fields(line).get("RealMemory")).isEqualTo("1");
    }

    @Test
    void expandsHostLists() {
        assertThat(SlurmOutputParser.expand("n[1-3,5],gpu7")).containsExactly("n1", "n2", "n3", "n5", "gpu7");
        assertThat(SlurmOutputParser.expand("c[08-10]")).containsExactly("c08", "c09", "c10");
        assertThat(SlurmOutputParser.expand("(null)")).isEmpty();
        assertThat(parser.format(Instant.parse("2026-11-25T15:39:50.700Z"))).isEqualTo("2026-11-25T15:39:50");
        assertThat(parser.format(Instant.parse("2026-11-25T15:40:00Z"))).as("seconds even when zero").isEqualTo("2026-11-25T15:40:00");
    }
}
