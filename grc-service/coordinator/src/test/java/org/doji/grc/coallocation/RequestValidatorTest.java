package org.doji.grc.coallocation;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.grc.model.CoRequest;
import org.doji.grc.model.Policy;
import org.doji.rm.fault.DojiException;
import org.doji.rm.model.CountableDemand;
import org.junit.jupiter.api.Test;

/** What the GRC refuses before anything is stored: here the countables and the candidates' own core counts. */
class RequestValidatorTest {

    private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");
    private final RequestValidator validator = new RequestValidator(Clock.fixed(NOW, ZoneOffset.UTC));

    private static CoRequest request(CoRequest.Site site, List<CountableDemand> countables) {
        Instant start = NOW.plus(Duration.ofHours(1));
        return new CoRequest(List.of(site), List.of(), countables, new CoRequest.Time(start, start, Duration.ofHours(1), true),
                Policy.CHEAPEST, List.of(), null, null);
    }

    private static CoRequest.Site site() {
        return new CoRequest.Site("a", 4, Set.of("A", "B"), List.of(), Map.of("B", 6));
    }

    @Test
    void countablesWhoseAmountsOverflowAreRefusedWithTheirName() {
        assertThatCode(() -> validator.validate(request(site(), List.of(new CountableDemand("Lic", 2),
                new CountableDemand("Lic", 3))), List.of("A", "B"))).doesNotThrowAnyException();
        assertThatThrownBy(() -> validator.validate(request(site(), List.of(new CountableDemand("Lic", Long.MAX_VALUE),
                new CountableDemand("Lic", 1))), List.of("A", "B")))
                .isInstanceOfSatisfying(DojiException.class, e -> org.assertj.core.api.Assertions.assertThat(e.errorCode())
                        .isEqualTo("AMOUNT_OUT_OF_RANGE"))
                .hasMessageContaining("Lic");
        assertThatThrownBy(() -> validator.validate(request(site(), List.of(new CountableDemand("Lic", 0))), List.of("A", "B")))
                .isInstanceOf(DojiException.class).hasMessageContaining("asks for 0 units");
    }

    @Test
    void aCandidatesOwnCoreCountMustBePositiveAndForACandidate() {
        CoRequest.Site zero = new CoRequest.Site("a", 4, Set.of("A", "B"), List.of(), Map.of("B", 0));
        assertThatThrownBy(() -> validator.validate(request(zero, List.of()), List.of("A", "B")))
                .isInstanceOfSatisfying(DojiException.class, e -> org.assertj.core.api.Assertions.assertThat(e.errorCode())
                        .isEqualTo("CORES_NOT_POSITIVE"));
        CoRequest.Site stranger = new CoRequest.Site("a", 4, Set.of("A"), List.of(), Map.of("B", 2));
        assertThatThrownBy(() -> validator.validate(request(stranger, List.of()), List.of("A", "B")))
                .isInstanceOf(DojiException.class).hasMessageContaining("on candidate B");
    }
}
