package org.doji.grc.fault;

import java.util.Arrays;
import java.util.stream.Collectors;

/** Where in two-phase commit a GRC configured for fault injection stops dead (see {@link HaltingListener}). */
public enum CrashPoint {
    /** Every prepare has been answered; the decision is not stored yet (recovery must presume abort). */
    AFTER_PREPARE("after-prepare"),
    /** The commit decision is stored; no commit has been sent yet (recovery must re-drive the commit). */
    AFTER_DECISION("after-decision");

    private final String property;

    CrashPoint(String property) {
        this.property = property;
    }

    /** The spelling used in {@code doji.grc.fault.halt-at}. */
    public String property() {
        return property;
    }

    /** Parses the property spelling (or the enum name), with a clear error naming the property. */
    public static CrashPoint parse(String text) {
        for (CrashPoint p : values()) {
            if (p.property.equalsIgnoreCase(text.trim()) || p.name().equalsIgnoreCase(text.trim())) {
                return p;
            }
        }
        throw new IllegalArgumentException("doji.grc.fault.halt-at: unknown crash point '" + text + "'; known: "
                + Arrays.stream(values()).map(CrashPoint::property).collect(Collectors.joining(", ")));
    }
}
