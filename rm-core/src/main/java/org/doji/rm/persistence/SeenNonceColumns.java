package org.doji.rm.persistence;

import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.time.Instant;

/**
 * An accepted UsernameToken, kept until it would be stale ({@code org.doji.rm.soap.security.SeenNonceTable} writes the rows): the columns of
 * an RM's {@code rm_seen_nonce} and a GRC's {@code grc_seen_nonce}.
 */
@MappedSuperclass
public abstract class SeenNonceColumns {

    @Id
    @Column(name = "nonce_id", length = 64)
    private String id;
    @Column(nullable = false)
    private Instant expires;

    public String getId() { return id; }
    public Instant getExpires() { return expires; }
}
