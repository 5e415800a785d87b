package org.doji.rm.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.doji.rm.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * PostgreSQL's settings that make an acknowledged commit not be on disk are warned of at start: fsync off,
 * synchronous_commit off. On the real server (PostgreSQL runs), a session of this service with synchronous_commit off
 * is seen as such; H2 and safe settings give no warning.
 */
class PostgresDurabilityTest {

    @TempDir
    Path dir;

    @Test
    void fsyncOrSynchronousCommitOffIsAWarningAndSafeSettingsAreNot() {
        assertThat(PostgresDurability.warnings("on", "on")).isEmpty();
        assertThat(PostgresDurability.warnings("on", "remote_apply")).isEmpty();
        assertThat(PostgresDurability.warnings("off", "on")).singleElement().asString().contains("fsync=off");
        assertThat(PostgresDurability.warnings("on", "off")).singleElement().asString().contains("synchronous_commit=off");
        assertThat(PostgresDurability.warnings("off", "off")).hasSize(2);
    }

    @Test
    void anEmbeddedH2FileHasNoSuchSettings() throws Exception {
        assertThat(PostgresDurability.warnings(new DriverManagerDataSource("jdbc:h2:file:" + dir.resolve("x"), "sa", "")))
                .isEmpty();
    }

    @Test
    @EnabledIf(value = "org.doji.rm.testing.TestDatabase#postgres", disabledReason = "needs the PostgreSQL server")
    void theRealServersSettingsAreRead() throws Exception {
        String url = TestDatabase.url(dir.resolve("durability"));
        assertThat(PostgresDurability.warnings(new DriverManagerDataSource(url))).as("the test server's settings").isEmpty();
        assertThat(PostgresDurability.warnings(new DriverManagerDataSource(url + "&options=-c%20synchronous_commit%3Doff")))
                .singleElement().asString().contains("synchronous_commit=off");
    }
}
