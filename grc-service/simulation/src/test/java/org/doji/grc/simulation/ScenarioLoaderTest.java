package org.doji.grc.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scenario files: the reference one is DESIGN §9 at the paper's load; a wrong file says which key is wrong. */
class ScenarioLoaderTest {

    @TempDir
    Path dir;

    private Scenario loadWith(String from, String to) throws Exception {
        Path file = dir.resolve("s.yaml");
        String text = ScenarioLoader.referenceText();
        assertThat(text).contains(from);
        Files.writeString(file, text.replace(from, to));
        return ScenarioLoader.load(file);
    }

    @Test
    void theReferenceScenarioIsTheGridUsersAndPlanningOfSection9() {
        Scenario s = ScenarioLoader.reference();
        assertThat(s.name()).isEqualTo("reference");
        assertThat(s.topology().totalCores()).isEqualTo(232);
        assertThat(s.topology().siteCount()).isEqualTo(10);
        assertThat(s.userNames()).containsExactly("A", "B");
        assertThat(s.users().get(1).serviceLevel()).isEqualTo(0.5);
        assertThat(s.requestTypes()).hasSize(4).extracting(Scenario.RequestType::sites).containsExactly(1, 2, 3, 3);
        assertThat(s.arrivals().intervalsMinutes()).containsExactly(5, 10);
        assertThat(s.planning().slots()).isEqualTo(10);
        assertThat(s.draws().durationsMinutes()).containsExactly(30, 60, 120);
        assertThat(s.bandwidthCounting().pathsPerLink()).isEqualTo(1.5);
    }

    @Test
    void anUnknownKeyIsAnErrorNotSilentlyIgnored() {
        assertThatThrownBy(() -> loadWith("slack-factor: 3", "slak-factor: 3"))
                .isInstanceOf(ScenarioLoader.ScenarioException.class).hasMessageContaining("unknown key")
                .hasMessageContaining("scenario.booking.slak-factor");
    }

    @Test
    void valuesOutOfRangeNameTheirKey() {
        assertThatThrownBy(() -> loadWith("{name: B, service-level: 0.5}", "{name: B, service-level: 1.5}"))
                .hasMessageContaining("users[B].service-level must be in (0, 1], was 1.5");
        assertThatThrownBy(() -> loadWith("slots: 10", "slots: 0")).hasMessageContaining("planning.slots must be at least 1");
        assertThatThrownBy(() -> loadWith("process: PER_USER", "process: EVERYONE"))
                .hasMessageContaining("scenario.arrivals.process");
        assertThatThrownBy(() -> loadWith("cores-per-site: [4, 8, 12, 16]", "cores-per-site: [4, -8]"))
                .hasMessageContaining("draws.cores-per-site values must be positive");
        assertThatThrownBy(() -> loadWith("{name: \"1 site\", weight: 1, sites: 1}", "{name: \"1 site\", weight: 1, sites: 11}"))
                .hasMessageContaining("asks for 11 sites, the topology has 10");
    }

    @Test
    void missingPartsAndBrokenYamlAreReported() throws Exception {
        assertThatThrownBy(() -> loadWith("  planning:\n", "  plannin:\n")).hasMessageContaining("planning is missing");
        Path broken = dir.resolve("broken.yaml");
        Files.writeString(broken, "scenario: [unclosed");
        assertThatThrownBy(() -> ScenarioLoader.load(broken)).hasMessageContaining("not valid YAML");
        assertThatThrownBy(() -> ScenarioLoader.load(dir.resolve("none.yaml"))).hasMessageContaining("cannot read it");
        Path other = dir.resolve("other.yaml");
        Files.writeString(other, "something: else\n");
        assertThatThrownBy(() -> ScenarioLoader.load(other)).hasMessageContaining("no top-level \"scenario:\" key");
    }
}
