package org.doji.rm.model;

import java.util.Objects;

/** An amount of a countable non-physical resource (licences). */
public record CountableDemand(String name, long amount) {

    public CountableDemand {
        Objects.requireNonNull(name, "name");
    }
}
