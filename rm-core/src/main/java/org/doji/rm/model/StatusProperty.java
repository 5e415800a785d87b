package org.doji.rm.model;

import java.util.Objects;

/**
 * A live measurement a backend reports about its resources, shown as a resource property of the RM:
 * e.g. {@code usedBandwidth = 420.5 Mbps} about link {@code s1-s2}.
 *
 * @param name    what is measured (e.g. usedBandwidth, availableBandwidth)
 * @param value   the value
 * @param unit    its unit (e.g. Mbps), or null
 * @param subject what the value is about (a link, node or site id), or null for the whole RM
 */
public record StatusProperty(String name, double value, String unit, String subject) {

    public StatusProperty {
        Objects.requireNonNull(name, "name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a status property needs a name");
        }
    }

    public static StatusProperty of(String name, double value, String unit) {
        return new StatusProperty(name, value, unit, null);
    }

    public static StatusProperty about(String subject, String name, double value, String unit) {
        return new StatusProperty(name, value, unit, subject);
    }
}
