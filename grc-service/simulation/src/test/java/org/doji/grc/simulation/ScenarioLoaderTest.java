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
        // Table 1 literally; the open parameter, the request types, read as complete graphs on 3, 5, 7, 9 sites
        assertThat(s.draws().coresPerSite()).containsExactly(1, 2, 4, 8);
        assertThat(s.draws().bandwidthMbps()).containsExactly(1000);
        assertThat(s.requestTypes()).hasSize(4).extracting(Scenario.RequestType::sites).containsExactly(3, 5, 7, 9);
        assertThat(s.requestTypes()).extracting(t -> t.linkPairs().size()).containsExactly(3, 10, 21, 36);
        assertThat(s.booking().modes()).containsExactly(Scenario.Booking.Mode.NEXT_DAY, Scenario.Booking.Mode.ROLLING);
        assertThat(s.settings()).containsExactly(Simulation.Setting.STANDARD, Simulation.Setting.SERVICE_LEVELS,
                Simulation.Setting.SERVICE_LEVEL_QUOTA);
        assertThat(s.arrivals().intervalsMinutes()).containsExactly(5, 10);
        assertThat(s.planning().slots()).isEqualTo(10);
        assertThat(s.draws().durationsMinutes()).containsExactly(30, 60, 120);
        assertThat(s.bandwidthCounting().pathsPerLink()).isEqualTo(1.5);
    }

    @Test
    void everyScenarioInTheDocsLoadsAndTheLinkFailureOneNamesItsLinks() throws Exception {
        try (var files = Files.list(Path.of("../../docs/scenarios"))) {
            assertThat(files.filter(f -> f.toString().endsWith(".yaml")).map(ScenarioLoader::load).map(Scenario::name).toList())
                    .contains("section9-literal", "fitted-sizes", "link-failure");
        }
        Scenario failing = ScenarioLoader.load(Path.of("../../docs/scenarios/link-failure.yaml"));
        assertThat(failing.linkFailures()).extracting(Scenario.LinkFailure::link).containsExactly("JN4--X1", "JN4--X2");
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
        assertThatThrownBy(() -> loadWith("cores-per-site: [1, 2, 4, 8]", "cores-per-site: [4, -8]"))
                .hasMessageContaining("draws.cores-per-site values must be positive");
        assertThatThrownBy(() -> loadWith("{name: \"K9\", weight: 1, sites: 9, complete: true}",
                "{name: \"K9\", weight: 1, sites: 11, complete: true}"))
                .hasMessageContaining("asks for 11 sites, the topology has 10");
        assertThatThrownBy(() -> loadWith("{name: \"K3\", weight: 1, sites: 3, complete: true}",
                "{name: \"K3\", weight: 1, sites: 3, complete: true, links: [\"1-2\"]}"))
                .hasMessageContaining("complete: true links every pair; leave links out");
        assertThatThrownBy(() -> loadWith("modes: [NEXT_DAY, ROLLING]", "modes: [NEXT_DAY, NEXT_DAY]"))
                .hasMessageContaining("booking.modes: \"NEXT_DAY\" appears twice");
        assertThatThrownBy(() -> loadWith("  bandwidth-counting:", "  link-failures: [{link: JN1--US1, down-at-hour: 1, up-at-hour: 2}]\n"
                + "  bandwidth-counting:")).hasMessageContaining("no link \"JN1--US1\" in the topology");
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
