package org.doji.grc.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReplicaPropertiesTest {

    @Test
    void aReplicaWithoutAnIdIsNamedByItsHostAndProcess() {
        ReplicaProperties p = new ReplicaProperties(null, Duration.ofSeconds(10));
        assertThat(p.id()).endsWith("-" + ManagementFactory.getRuntimeMXBean().getPid());
        assertThat(new ReplicaProperties(" ", Duration.ofSeconds(10)).id()).isEqualTo(p.id());
        assertThat(new ReplicaProperties("grc-a", Duration.ofSeconds(10)).id()).isEqualTo("grc-a");
    }

    @Test
    void aLeaseShorterThanASecondOrAnIdTooLongIsRefusedNamingTheProperty() {
        assertThatThrownBy(() -> new ReplicaProperties("grc-a", Duration.ofMillis(500)))
                .hasMessageContaining("doji.grc.replica.lease");
        assertThatThrownBy(() -> new ReplicaProperties("x".repeat(129), Duration.ofSeconds(10)))
                .hasMessageContaining("doji.grc.replica.id");
    }

    @Test
    void workIsClaimedInTheDatabaseUnlessOnlyThisProcessCanOpenIt() {
        assertThat(GrcReplicaConfiguration.embeddedH2("jdbc:h2:file:./data/grc;WRITE_DELAY=0")).isTrue();
        assertThat(GrcReplicaConfiguration.embeddedH2("jdbc:h2:mem:grc")).isTrue();
        assertThat(GrcReplicaConfiguration.embeddedH2("jdbc:h2:file:./data/grc;AUTO_SERVER=TRUE")).isFalse();
        assertThat(GrcReplicaConfiguration.embeddedH2("jdbc:h2:tcp://db/grc")).isFalse();
        assertThat(GrcReplicaConfiguration.embeddedH2("jdbc:postgresql://db:5432/doji?currentSchema=grc")).isFalse();
        assertThat(new ReplicaProperties("grc-a", Duration.ofSeconds(10)).claims()).isEqualTo(ReplicaProperties.ClaimsMode.AUTO);
    }
}
