package org.doji.grc.planner.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.doji.grc.planner.expr.ResourceExpression.Amount;
import org.doji.grc.planner.expr.ResourceExpression.And;
import org.doji.grc.planner.expr.ResourceExpression.Or;
import org.doji.grc.planner.model.RequestedSite;
import org.junit.jupiter.api.Test;

class ResourceExpressionParserTest {
    private static final Set<String> SITES = Set.of("ClustA", "ClustB", "ClustC");

    @Test
    void parsesTheDesignExample() {
        ResourceExpression e = ResourceExpressionParser.parse("(ClustA:10 | ClustB:10) & Lic:5");
        assertThat(e).isEqualTo(new And(List.of(
                new Or(List.of(new Amount("ClustA", 10, 1), new Amount("ClustB", 10, 13)), 1),
                new Amount("Lic", 5, 26)), 0));
    }

    @Test
    void andBindsTighterThanOr() {
        ResourceExpression e = ResourceExpressionParser.parse("A:1|B:2&C:3");
        assertThat(e).isInstanceOf(Or.class);
        assertThat(((Or) e).parts().get(1)).isInstanceOf(And.class);
    }

    @Test
    void reportsPositionAndExpectation() {
        assertThatThrownBy(() -> ResourceExpressionParser.parse("(ClustA:10 | ClustB) & Lic:5"))
                .isInstanceOfSatisfying(ResourceExpressionException.class, ex -> {
                    assertThat(ex.position()).isEqualTo(19);
                    assertThat(ex.expected()).isEqualTo("':' after resource name 'ClustB'");
                    assertThat(ex.getMessage()).contains("position 20").contains("found ')'");
                });
        assertThatThrownBy(() -> ResourceExpressionParser.parse("(ClustA:10 | ClustB:10 & Lic:5"))
                .isInstanceOfSatisfying(ResourceExpressionException.class, ex -> {
                    assertThat(ex.position()).isEqualTo(30);
                    assertThat(ex.expected()).isEqualTo("')'");
                });
        assertThatThrownBy(() -> ResourceExpressionParser.parse("A:0"))
                .isInstanceOfSatisfying(ResourceExpressionException.class, ex -> assertThat(ex.position()).isEqualTo(2));
        assertThatThrownBy(() -> ResourceExpressionParser.parse("A:1 B:2"))
                .isInstanceOfSatisfying(ResourceExpressionException.class, ex -> {
                    assertThat(ex.position()).isEqualTo(4);
                    assertThat(ex.expected()).isEqualTo("'&', '|' or end of expression");
                });
        assertThatThrownBy(() -> ResourceExpressionParser.parse(""))
                .isInstanceOfSatisfying(ResourceExpressionException.class,
                        ex -> assertThat(ex.expected()).isEqualTo("a resource name or '('"));
    }

    @Test
    void mapsAlternativesToCandidatesAndOtherNamesToCountables() {
        ResourceExpressionMapper.Mapping m = ResourceExpressionMapper.map("(ClustA:10 | ClustB:10) & Lic:5 & ClustC:4",
                SITES);
        assertThat(m.sites()).containsExactly(
                new RequestedSite("s1", 10, Set.of("ClustA", "ClustB"), List.of()),
                new RequestedSite("s2", 4, Set.of("ClustC"), List.of()));
        assertThat(m.countables()).isEqualTo(Map.of("Lic", 5L));
    }

    @Test
    void alternativesMayAskForDifferentCoreCounts() {
        ResourceExpressionMapper.Mapping m = ResourceExpressionMapper.map("(ClustA:10 | ClustB:8) & Lic:2", SITES);
        RequestedSite s1 = m.sites().get(0);
        assertThat(s1.candidates()).containsExactlyInAnyOrder("ClustA", "ClustB");
        assertThat(s1.coresAt("ClustA")).isEqualTo(10);
        assertThat(s1.coresAt("ClustB")).isEqualTo(8);
        assertThat(m.countables()).isEqualTo(Map.of("Lic", 2L));
    }

    @Test
    void rejectsAlternativesThePlannerCannotExpress() {
        assertThatThrownBy(() -> ResourceExpressionMapper.map("ClustA:10 | ClustA:8", SITES))
                .isInstanceOfSatisfying(ResourceExpressionException.class, ex -> {
                    assertThat(ex.position()).isEqualTo(12);
                    assertThat(ex.expected()).isEqualTo("each site once in an alternative");
                });
        assertThatThrownBy(() -> ResourceExpressionMapper.map("ClustA:10 | Lic:10", SITES))
                .isInstanceOfSatisfying(ResourceExpressionException.class, ex -> {
                    assertThat(ex.position()).isEqualTo(12);
                    assertThat(ex.expected()).isEqualTo("a known site name in an alternative");
                });
        assertThatThrownBy(() -> ResourceExpressionMapper.map("(ClustA:1 & Lic:1) | ClustB:1", SITES))
                .isInstanceOf(ResourceExpressionException.class);
    }
}
