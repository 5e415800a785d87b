package org.doji.grc.model;

/** How the user wants candidate plans ordered. */
public enum Policy {
    EARLIEST,
    CHEAPEST,
    QUALITY
}
