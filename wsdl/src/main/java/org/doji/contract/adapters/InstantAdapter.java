package org.doji.contract.adapters;

import jakarta.xml.bind.annotation.adapters.XmlAdapter;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** Maps xs:dateTime to {@link Instant}; a value without a zone offset is read as UTC. */
public class InstantAdapter extends XmlAdapter<String, Instant> {

    @Override
    public Instant unmarshal(String value) {
        if (value == null) {
            return null;
        }
        String text = value.trim();
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException noOffset) {
            return java.time.LocalDateTime.parse(text).toInstant(java.time.ZoneOffset.UTC);
        }
    }

    @Override
    public String marshal(Instant value) {
        return value == null ? null : value.toString();
    }
}
