package org.doji.grc.persistence;

import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.Table;
import org.doji.rm.persistence.SeenNonceColumns;

/** An accepted UsernameToken of this GRC, at any of its replicas. */
@Entity
@Table(name = "grc_seen_nonce", indexes = @Index(name = "grc_seen_nonce_expires", columnList = "expires"))
public class SeenNonceRecord extends SeenNonceColumns {
}
