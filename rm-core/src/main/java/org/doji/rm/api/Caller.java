package org.doji.rm.api;

import java.util.Objects;

/**
 * Who is calling: the authenticated principal, and whether it is a registered coordinator (a GRC
 * allowed to reserve and commit). {@code onBehalfOf} is the end user a coordinator acts for.
 */
public record Caller(String name, boolean coordinator) {

    public static final Caller ANONYMOUS = new Caller("anonymous", false);

    public Caller {
        Objects.requireNonNull(name, "name");
    }

    public static Caller coordinator(String name) {
        return new Caller(name, true);
    }

    public static Caller user(String name) {
        return new Caller(name, false);
    }
}
