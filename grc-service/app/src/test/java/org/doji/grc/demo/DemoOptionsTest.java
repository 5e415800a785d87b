package org.doji.grc.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DemoOptionsTest {

    @Test
    void defaults() {
        DemoOptions o = DemoOptions.parse("demo");
        assertThat(o.port()).isEqualTo(8080);
        assertThat(o.data()).isEqualTo("./data/demo");
        assertThat(o.common()).isEmpty();
        assertThat(o.grcProperties(6)).isEmpty();
    }

    @Test
    void securityAndTlsSettingsGoToEveryServiceAndTheGrcGetsItsCredentialsAtEachRm(@TempDir Path dir) throws Exception {
        Path config = Files.writeString(dir.resolve("secure.properties"), "doji.security.users[0].name=alice\n");
        DemoOptions o = DemoOptions.parse("demo", "--port=9090", "--config=" + config,
                "--doji.security.users[1].name=grc", "--server.ssl.enabled=true", "--coordinator=grc:grc-secret",
                "--user=alice:alice-secret");
        assertThat(o.port()).isEqualTo(9090);
        assertThat(o.common()).containsEntry("doji.security.users[1].name", "grc")
                .containsEntry("server.ssl.enabled", "true")
                .containsEntry("spring.config.additional-location", "file:" + config.toAbsolutePath());
        assertThat(o.grcProperties(2)).containsEntry("doji.grc.rms[0].username", "grc")
                .containsEntry("doji.grc.rms[1].password", "grc-secret").hasSize(4);
        assertThat(o.user()).containsExactly("alice", "alice-secret");
    }

    @Test
    void anythingElseIsRefusedWithTheUsage() {
        assertThatThrownBy(() -> DemoOptions.parse("--spring.datasource.url=jdbc:evil")).hasMessageContaining("--config=FILE");
        assertThatThrownBy(() -> DemoOptions.parse("--verbose")).hasMessageContaining("unknown option --verbose");
        assertThatThrownBy(() -> DemoOptions.parse("--user=alice")).hasMessageContaining("NAME:PASSWORD");
        assertThatThrownBy(() -> DemoOptions.parse("--config=/no/such/file")).hasMessageContaining("cannot read");
    }
}
