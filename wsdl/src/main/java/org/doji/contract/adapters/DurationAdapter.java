package org.doji.contract.adapters;

import jakarta.xml.bind.annotation.adapters.XmlAdapter;
import java.time.Duration;
import java.time.format.DateTimeParseException;

/**
 * Maps xs:duration to {@link Duration}. Day-time forms (P1DT2H, PT90M) are supported; years and
 * months have no fixed length and are refused.
 */
public class DurationAdapter extends XmlAdapter<String, Duration> {

    @Override
    public Duration unmarshal(String value) {
        if (value == null) {
            return null;
        }
        String text = value.trim();
        try {
            return Duration.parse(text);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("unsupported xs:duration '" + text
                    + "': use days, hours, minutes and seconds (e.g. PT2H)", e);
        }
    }

    @Override
    public String marshal(Duration value) {
        return value == null ? null : value.toString();
    }
}
