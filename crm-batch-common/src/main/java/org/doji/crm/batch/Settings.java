package org.doji.crm.batch;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.ZoneId;

/** Start-up checks of the adapters' properties: a wrong value stops the service with the property's name. */
public final class Settings {

    private Settings() {
    }

    public static Duration positive(String property, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(property + " must be positive, was " + d);
        }
        return d;
    }

    public static Duration notNegative(String property, Duration d) {
        if (d == null || d.isNegative()) {
            throw new IllegalArgumentException(property + " must be 0 or positive, was " + d);
        }
        return d;
    }

    public static double notNegative(String property, double v) {
        if (!(v >= 0)) {
            throw new IllegalArgumentException(property + " must be >= 0, was " + v);
        }
        return v;
    }

    /** A zone id, or blank for the system zone. */
    public static ZoneId zone(String property, String zone) {
        if (zone == null || zone.isBlank()) {
            return ZoneId.systemDefault();
        }
        try {
            return ZoneId.of(zone);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException(property + ": " + e.getMessage());
        }
    }
}
