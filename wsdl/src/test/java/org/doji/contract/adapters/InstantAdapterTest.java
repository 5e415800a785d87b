package org.doji.contract.adapters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Random;
import org.junit.jupiter.api.Test;

class InstantAdapterTest {

    private final InstantAdapter adapter = new InstantAdapter();

    @Test
    void theUtcFormReadsAsTheGeneralParserReadsIt() {
        Random random = new Random(42);
        for (int i = 0; i < 20_000; i++) {
            Instant t = Instant.ofEpochSecond(random.nextLong(-62_000_000_000L, 250_000_000_000L),
                    random.nextInt(4) == 0 ? 0 : random.nextInt(1_000_000_000));
            String text = t.toString(); // what every Doji service writes
            if (!text.startsWith("-") && !text.startsWith("+")) {
                assertThat(InstantAdapter.utc(text)).as(text).isEqualTo(t);
            }
            assertThat(adapter.unmarshal(text)).as(text).isEqualTo(OffsetDateTime.parse(text).toInstant());
        }
        assertThat(adapter.unmarshal("2030-01-01T10:00:00.5Z")).isEqualTo(Instant.parse("2030-01-01T10:00:00.500Z"));
        assertThat(adapter.unmarshal(" 2024-02-29T23:59:59.000000001Z ")).isEqualTo(Instant.parse("2024-02-29T23:59:59.000000001Z"));
    }

    @Test
    void otherFormsGoToTheGeneralParser() {
        assertThat(InstantAdapter.utc("2030-01-01T10:00:00+02:00")).isNull();
        assertThat(adapter.unmarshal("2030-01-01T10:00:00+02:00")).isEqualTo(Instant.parse("2030-01-01T08:00:00Z"));
        assertThat(adapter.unmarshal("2030-01-01T10:00:00")).isEqualTo(Instant.parse("2030-01-01T10:00:00Z"));
        assertThat(InstantAdapter.utc("2030-01-01T10:00Z")).isNull();
        assertThat(InstantAdapter.utc("2030-01-01T10:00:00.Z")).isNull();
        assertThat(InstantAdapter.utc("2030-01-01T10:00:00.1234567890Z")).isNull();
    }

    @Test
    void impossibleDatesAndTimesAreRefusedAsBefore() {
        for (String bad : new String[] {"2023-02-29T10:00:00Z", "2030-13-01T10:00:00Z", "2030-01-32T10:00:00Z",
                "2030-01-01T24:00:00Z", "2030-01-01T10:60:00Z", "2030-01-01T10:00:60Z", "2030-0a-01T10:00:00Z",
                "2030-01-01T10:00:00.x1Z"}) {
            assertThat(InstantAdapter.utc(bad)).as(bad).isNull();
            assertThatThrownBy(() -> adapter.unmarshal(bad)).as(bad).isInstanceOf(DateTimeParseException.class);
        }
    }

    @Test
    void writesWhatInstantToStringWrites() {
        Random random = new Random(7);
        for (int i = 0; i < 50_000; i++) {
            int kind = random.nextInt(5); // no fraction, milli-, micro-, nanoseconds, any
            int nanos = switch (kind) {
                case 0 -> 0;
                case 1 -> random.nextInt(1_000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1_000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant t = Instant.ofEpochSecond(random.nextLong(-63_000_000_000L, 260_000_000_000L), nanos);
            assertThat(adapter.marshal(t)).as("%s", t).isEqualTo(t.toString());
        }
        for (String edge : new String[] {"0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z",
                "1969-12-31T23:59:59.100Z", "2024-02-29T00:00:00.000001Z", "1970-01-01T00:00:00Z"}) {
            assertThat(adapter.marshal(Instant.parse(edge))).isEqualTo(edge);
        }
        assertThat(InstantAdapter.utc(Instant.parse("+10000-01-01T00:00:00Z"))).isNull();
        assertThat(InstantAdapter.utc(Instant.parse("-0001-12-31T23:59:59Z"))).isNull();
    }

    @Test
    void marshalsTheIsoForm() {
        assertThat(adapter.marshal(Instant.parse("2030-01-01T10:00:00Z"))).isEqualTo("2030-01-01T10:00:00Z");
        assertThat(adapter.marshal(null)).isNull();
        assertThat(adapter.unmarshal(null)).isNull();
    }
}
