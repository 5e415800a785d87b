package org.doji.rm.api;

import java.util.Objects;

/**
 * Who is calling: the authenticated principal, whether it is a registered coordinator (a GRC allowed to reserve
 * and commit), and whether it is an operator (role ADMIN: may see the inside of the RM, e.g. its internal links).
 */
public record Caller(String name, boolean coordinator, boolean operator) {

    public static final Caller ANONYMOUS = new Caller("anonymous", false);

    public Caller {
        Objects.requireNonNull(name, "name");
    }

    public Caller(String name, boolean coordinator) {
        this(name, coordinator, false);
    }

    public static Caller operator(String name) {
        return new Caller(name, false, true);
    }

    public static Caller coordinator(String name) {
        return new Caller(name, true);
    }

    public static Caller user(String name) {
        return new Caller(name, false);
    }
}
