package org.doji.contract.adapters;

import jakarta.xml.bind.annotation.adapters.XmlAdapter;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/**
 * Maps xs:dateTime to {@link Instant}; a value without a zone offset is read as UTC.
 *
 * <p>The form every Doji service writes ({@code 2030-01-01T10:00:00Z}, optionally with a fraction) is read
 * directly: availability answers carry thousands of them and the general parser was a few percent of a busy
 * GRC's CPU. Anything else goes through {@link OffsetDateTime#parse}.
 */
public class InstantAdapter extends XmlAdapter<String, Instant> {

    @Override
    public Instant unmarshal(String value) {
        if (value == null) {
            return null;
        }
        String text = value.trim();
        Instant fast = utc(text);
        if (fast != null) {
            return fast;
        }
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException noOffset) {
            return java.time.LocalDateTime.parse(text).toInstant(java.time.ZoneOffset.UTC);
        }
    }

    @Override
    public String marshal(Instant value) {
        if (value == null) {
            return null;
        }
        String fast = utc(value);
        return fast != null ? fast : value.toString();
    }

    /**
     * What {@link Instant#toString} writes for years 0 to 9999 (seconds always, a fraction in groups of three digits
     * when there is one), written directly: the general formatter was the larger part of marshalling an availability
     * answer's times. Null for other years.
     */
    static String utc(Instant t) {
        long seconds = t.getEpochSecond();
        LocalDate date = LocalDate.ofEpochDay(Math.floorDiv(seconds, 86_400));
        int year = date.getYear();
        if (year < 0 || year > 9999) {
            return null;
        }
        int secondOfDay = (int) Math.floorMod(seconds, 86_400);
        int nanos = t.getNano();
        int fraction = nanos == 0 ? 0 : nanos % 1_000_000 == 0 ? 3 : nanos % 1_000 == 0 ? 6 : 9;
        char[] c = new char[fraction == 0 ? 20 : 21 + fraction];
        put(c, 0, year, 4);
        c[4] = '-';
        put(c, 5, date.getMonthValue(), 2);
        c[7] = '-';
        put(c, 8, date.getDayOfMonth(), 2);
        c[10] = 'T';
        put(c, 11, secondOfDay / 3600, 2);
        c[13] = ':';
        put(c, 14, secondOfDay / 60 % 60, 2);
        c[16] = ':';
        put(c, 17, secondOfDay % 60, 2);
        if (fraction > 0) {
            c[19] = '.';
            put(c, 20, fraction == 3 ? nanos / 1_000_000 : fraction == 6 ? nanos / 1_000 : nanos, fraction);
        }
        c[c.length - 1] = 'Z';
        return new String(c);
    }

    /** Writes {@code value} as {@code count} decimal digits (leading zeros) at {@code c[from]}. */
    private static void put(char[] c, int from, int value, int count) {
        for (int i = from + count - 1; i >= from; i--) {
            c[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }

    /** {@code yyyy-MM-ddTHH:mm:ss[.f{1,9}]Z} with a four-digit year, or null for any other form. */
    static Instant utc(String s) {
        int n = s.length();
        if (n < 20 || n > 30 || s.charAt(n - 1) != 'Z' || s.charAt(4) != '-' || s.charAt(7) != '-'
                || s.charAt(10) != 'T' || s.charAt(13) != ':' || s.charAt(16) != ':') {
            return null;
        }
        int year = digits(s, 0, 4);
        int month = digits(s, 5, 2);
        int day = digits(s, 8, 2);
        int hour = digits(s, 11, 2);
        int minute = digits(s, 14, 2);
        int second = digits(s, 17, 2);
        if ((year | month | day | hour | minute | second) < 0 || hour > 23 || minute > 59 || second > 59) {
            return null;
        }
        int nanos = 0;
        if (n > 20) {
            int fraction = n - 21; // between '.' and 'Z'
            if (s.charAt(19) != '.' || fraction < 1 || fraction > 9) {
                return null;
            }
            int f = digits(s, 20, fraction);
            if (f < 0) {
                return null;
            }
            nanos = f;
            for (int i = fraction; i < 9; i++) {
                nanos *= 10;
            }
        }
        long epochDay;
        try {
            epochDay = LocalDate.of(year, month, day).toEpochDay(); // validates the month and the day of the month
        } catch (DateTimeException e) {
            return null;
        }
        return Instant.ofEpochSecond(epochDay * 86_400 + hour * 3600L + minute * 60L + second, nanos);
    }

    /** The decimal number in s[from, from+count), or -1 if any of them is not a digit. */
    private static int digits(String s, int from, int count) {
        int v = 0;
        for (int i = from; i < from + count; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
