package org.doji.grc.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Set;
import org.doji.contract.types.Attribute;
import org.doji.contract.types.AttributeMatch;
import org.doji.contract.types.CandidateSite;
import org.doji.contract.types.CoAllocationRequest;
import org.doji.contract.types.CountableRequest;
import org.doji.contract.types.LinkRequest;
import org.doji.contract.types.Policy;
import org.doji.contract.types.SiteRequest;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class RequestMapperTest {

    private final Clock clock = Clock.fixed(Instant.parse("2026-11-22T10:00:00Z"), ZoneOffset.UTC);

    /** Parses the options exactly as the commands do. */
    private static RequestOptions options(String... args) {
        RequestOptions o = new RequestOptions();
        CommandLine cl = new CommandLine(new Holder(o));
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.parseArgs(args);
        return o;
    }

    @CommandLine.Command(name = "test")
    static final class Holder {
        @CommandLine.Mixin
        RequestOptions options;

        Holder(RequestOptions options) {
            this.options = options;
        }
    }

    private CoAllocationRequest map(String... args) {
        return new RequestMapper(clock, () -> null).request(options(args));
    }

    private void assertBad(String messagePart, String... args) {
        assertThatThrownBy(() -> map(args)).isInstanceOfSatisfying(CliException.class, e -> {
            assertThat(e.exitCode()).isEqualTo(ExitCode.BAD_ARGUMENTS);
            assertThat(e.getMessage()).contains(messagePart);
        });
    }

    @Test
    void sitesWithRequirementsPinsAndLinksWithLatency() {
        CoAllocationRequest r = map("--site", "a:8", "--site", "b-1:16:os=linux,memoryGB>=64,at=SITE_A|SITE_B",
                "--link", "a-b-1:1000:20ms", "--start", "+1h", "--end", "+3h", "--policy", "earliest",
                "--description", "run 7", "--also", "bob");
        assertThat(r.getSite()).extracting(SiteRequest::getId, SiteRequest::getCores)
                .containsExactly(tuple("a", 8), tuple("b-1", 16));
        SiteRequest b = r.getSite().get(1);
        assertThat(b.getCandidate()).extracting(CandidateSite::getValue).containsExactly("SITE_A", "SITE_B");
        assertThat(b.getRequirement()).extracting(Attribute::getName, Attribute::getValue, Attribute::getMatch)
                .containsExactly(tuple("os", "linux", AttributeMatch.EQUALS), tuple("memoryGB", "64", AttributeMatch.AT_LEAST));
        // "a-b-1" splits only one way into two declared sites
        assertThat(r.getLink()).extracting(LinkRequest::getFrom, LinkRequest::getTo, LinkRequest::getBandwidthMbps,
                LinkRequest::getMaxLatencyMs).containsExactly(tuple("a", "b-1", 1000, 20.0));
        assertThat(r.getTime().getFixed().getStart()).isEqualTo(Instant.parse("2026-11-22T11:00:00Z"));
        assertThat(r.getTime().getFixed().getEnd()).isEqualTo(Instant.parse("2026-11-22T13:00:00Z"));
        assertThat(r.getPolicy()).isEqualTo(Policy.EARLIEST);
        assertThat(r.getDescription()).isEqualTo("run 7");
        assertThat(r.getAdditionalUser()).containsExactly("bob");
    }

    @Test
    void countOfSitesWithAMeshAndAFlexibleWindow() {
        CoAllocationRequest r = map("--sites", "3", "--cores", "4", "--mesh", "1000", "--est", "+1h", "--lst", "+4h",
                "--duration", "2h");
        assertThat(r.getSite()).extracting(SiteRequest::getId).containsExactly("s1", "s2", "s3");
        assertThat(r.getSite()).allSatisfy(s -> assertThat(s.getCores()).isEqualTo(4));
        assertThat(r.getLink()).extracting(LinkRequest::getFrom, LinkRequest::getTo)
                .containsExactly(tuple("s1", "s2"), tuple("s1", "s3"), tuple("s2", "s3"));
        assertThat(r.getTime().getFlexible().getEarliestStart()).isEqualTo(Instant.parse("2026-11-22T11:00:00Z"));
        assertThat(r.getTime().getFlexible().getLatestStart()).isEqualTo(Instant.parse("2026-11-22T14:00:00Z"));
        assertThat(r.getTime().getFlexible().getDuration()).isEqualTo(Duration.ofHours(2));
        assertThat(r.getPolicy()).isNull();
    }

    @Test
    void startWithDurationIsAFixedWindowAndEstAloneIsOneSlot() {
        CoAllocationRequest fixed = map("--sites", "1", "--cores", "1", "--start", "2026-11-23T00:00:00Z", "--duration", "90m");
        assertThat(fixed.getTime().getFixed().getEnd()).isEqualTo(Instant.parse("2026-11-23T01:30:00Z"));
        CoAllocationRequest flexible = map("--sites", "1", "--cores", "1", "--est", "+2h", "--duration", "1h");
        assertThat(flexible.getTime().getFlexible().getLatestStart())
                .isEqualTo(flexible.getTime().getFlexible().getEarliestStart());
    }

    @Test
    void expressionAlternativesBecomeCandidateSetsAndSitesArePinned() {
        CoAllocationRequest r = map("--expr", "(ClustA:10 | ClustB:10) & ClustC:4", "--link", "s1-s2:500",
                "--start", "+1h", "--duration", "1h");
        assertThat(r.getSite()).extracting(SiteRequest::getId, SiteRequest::getCores)
                .containsExactly(tuple("s1", 10), tuple("s2", 4));
        assertThat(r.getSite().get(0).getCandidate()).extracting(CandidateSite::getValue, CandidateSite::getCores)
                .containsExactly(tuple("ClustA", null), tuple("ClustB", null));
        assertThat(r.getSite().get(1).getCandidate()).extracting(CandidateSite::getValue).containsExactly("ClustC");
        assertThat(r.getCountable()).isEmpty();
        assertThat(r.getResourceExpression()).isNull();
        assertThat(r.getLink()).singleElement().satisfies(l -> assertThat(l.getBandwidthMbps()).isEqualTo(500));
    }

    @Test
    void aNameThatIsNotASiteOfTheGrcIsACountableAndAlternativesKeepTheirOwnCores() {
        RequestOptions o = options("--expr", "(ClustA:10 | ClustB:8) & Lic:5 & Lic:1", "--start", "+1h",
                "--duration", "1h");
        CoAllocationRequest r = new RequestMapper(clock, () -> Set.of("ClustA", "ClustB", "ClustC")).request(o);
        assertThat(r.getSite()).singleElement().satisfies(s -> {
            assertThat(s.getCores()).isEqualTo(10);
            assertThat(s.getCandidate()).extracting(CandidateSite::getValue, CandidateSite::getCores)
                    .containsExactly(tuple("ClustA", null), tuple("ClustB", 8));
        });
        assertThat(r.getCountable()).extracting(CountableRequest::getName, CountableRequest::getAmount)
                .containsExactly(tuple("Lic", 6L));
    }

    @Test
    void expressionSyntaxErrorsPointAtThePosition() {
        assertThatThrownBy(() -> map("--expr", "(A:1 | B:1", "--start", "+1h", "--duration", "1h"))
                .isInstanceOfSatisfying(CliException.class, e -> assertThat(e.getMessage())
                        .startsWith("--expr: resource expression error at position 11: expected ')'")
                        .contains("\n  (A:1 | B:1\n" + " ".repeat(12) + "^"));
        assertBad("each site once in an alternative", "--expr", "A:1 | A:2", "--start", "+1h", "--duration", "1h");
    }

    @Test
    void semanticErrorsBeforeAnyCall() {
        assertBad("--end 2026-11-22T11:00:00Z is not after --start 2026-11-22T12:00:00Z",
                "--sites", "1", "--cores", "1", "--start", "+2h", "--end", "+1h");
        assertBad("--lst 2026-11-22T11:00:00Z is before --est 2026-11-22T12:00:00Z",
                "--sites", "1", "--cores", "1", "--est", "+2h", "--lst", "+1h", "--duration", "1h");
        assertBad("no sites", "--start", "+1h", "--duration", "1h");
        assertBad("no time", "--sites", "1", "--cores", "1");
        assertBad("--sites N and --cores C go together", "--sites", "2", "--start", "+1h", "--duration", "1h");
        assertBad("one way only", "--sites", "2", "--cores", "1", "--site", "a:1", "--start", "+1h", "--duration", "1h");
        assertBad("either --start/--end (a fixed window) or --est/--lst", "--sites", "1", "--cores", "1",
                "--start", "+1h", "--est", "+1h", "--duration", "1h");
        assertBad("site id 'a' is used twice", "--site", "a:1", "--site", "a:2", "--start", "+1h", "--duration", "1h");
        assertBad("cores must be between 1 and 1000000, was 0", "--site", "a:0", "--start", "+1h", "--duration", "1h");
        assertBad("'a-c' must name two requested sites as A-B (the sites are: a, b)", "--site", "a:1", "--site", "b:1",
                "--link", "a-c:10", "--start", "+1h", "--duration", "1h");
        assertBad("--link 'b-a:20': sites b and a are linked twice", "--site", "a:1", "--site", "b:1", "--link", "a-b:10",
                "--link", "b-a:20", "--start", "+1h", "--duration", "1h");
        assertBad("expected ID:CORES", "--site", "a", "--start", "+1h", "--duration", "1h");
        assertBad("requirement 'os' is not attr=value", "--site", "a:1:os", "--start", "+1h", "--duration", "1h");
        assertBad("memoryGB>= needs a number", "--site", "a:1:memoryGB>=lots", "--start", "+1h", "--duration", "1h");
        assertBad("'x y' is not a valid name", "--site", "x y:1", "--start", "+1h", "--duration", "1h");
    }

    @Test
    void modifyReplacesOnlyTheGivenParts() {
        CoAllocationRequest current = map("--site", "a:8", "--site", "b:4", "--link", "a-b:1000", "--start", "+1h",
                "--end", "+2h", "--policy", "CHEAPEST", "--description", "first");
        RequestMapper mapper = new RequestMapper(clock, () -> null);

        CoAllocationRequest later = mapper.modified(current, options("--start", "+5h", "--duration", "3h"));
        assertThat(later.getSite()).extracting(SiteRequest::getId, SiteRequest::getCores)
                .containsExactly(tuple("a", 8), tuple("b", 4));
        assertThat(later.getLink()).extracting(LinkRequest::getBandwidthMbps).containsExactly(1000);
        assertThat(later.getTime().getFixed().getStart()).isEqualTo(Instant.parse("2026-11-22T15:00:00Z"));
        assertThat(later.getTime().getFixed().getEnd()).isEqualTo(Instant.parse("2026-11-22T18:00:00Z"));
        assertThat(later.getDescription()).isEqualTo("first");

        CoAllocationRequest bigger = mapper.modified(current, options("--site", "a:16", "--site", "b:4", "--mesh", "2000"));
        assertThat(bigger.getSite()).extracting(SiteRequest::getCores).containsExactly(16, 4);
        assertThat(bigger.getLink()).extracting(LinkRequest::getBandwidthMbps).containsExactly(2000);
        assertThat(bigger.getTime().getFixed().getStart()).isEqualTo(current.getTime().getFixed().getStart());

        assertThatThrownBy(() -> mapper.checkModifiable(options()))
                .isInstanceOfSatisfying(CliException.class, e -> assertThat(e.getMessage()).startsWith("nothing to modify"));
        assertThatThrownBy(() -> mapper.checkModifiable(options("--start", "+3h", "--end", "+2h")))
                .isInstanceOfSatisfying(CliException.class, e -> assertThat(e.getMessage()).contains("is not after --start"));
    }
}
