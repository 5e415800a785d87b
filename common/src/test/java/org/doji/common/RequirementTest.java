package org.doji.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RequirementTest {

    @Test
    void equalityComparesTextAndAMissingAttributeNeverMatches() {
        Requirement os = Requirement.equalTo("os", "linux");
        assertThat(os.matches(Map.of("os", "linux"))).isTrue();
        assertThat(os.matches(Map.of("os", "Linux"))).isFalse();
        assertThat(os.matches(Map.of())).isFalse();
    }

    @Test
    void atLeastComparesNumbersExactly() {
        Requirement memory = Requirement.atLeast("memoryGb", 64);
        assertThat(memory.value()).isEqualTo("64");
        assertThat(memory.matches(Map.of("memoryGb", "64"))).isTrue();
        assertThat(memory.matches(Map.of("memoryGb", "64.0"))).isTrue();
        assertThat(memory.matches(Map.of("memoryGb", "1e3"))).isTrue();
        assertThat(memory.matches(Map.of("memoryGb", "63.999"))).isFalse();
        assertThat(new Requirement("x", "0.1", true).matches(Map.of("x", "0.10000000000000001"))).isTrue();
        assertThat(new Requirement("x", "0.10000000000000001", true).matches(Map.of("x", "0.1"))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"many", "NaN", "Infinity", "0x1p3", "64d", " 64", ""})
    void anAtLeastValueThatIsNotADecimalNumberIsRefusedWithItsCode(String value) {
        assertThatThrownBy(() -> new Requirement("memoryGb", value, true))
                .isInstanceOfSatisfying(Requirement.RequirementException.class,
                        e -> assertThat(e.code()).isEqualTo("REQUIREMENT_NOT_A_NUMBER"))
                .hasMessageContaining("memoryGb");
    }

    @ParameterizedTest
    @ValueSource(strings = {"many", "NaN", "Infinity"})
    void aSiteWhoseAttributeIsNotANumberIsNotAtLeastAnything(String actual) {
        assertThat(Requirement.atLeast("memoryGb", 1).matches(Map.of("memoryGb", actual))).isFalse();
    }

    @Test
    void aNameAndAValueAreRequired() {
        assertThatThrownBy(() -> new Requirement(" ", "x", false)).hasMessageContaining("name");
        assertThatThrownBy(() -> new Requirement("os", null, false)).hasMessageContaining("os needs a value");
    }
}
