package org.doji.rm.persistence;

import jakarta.persistence.Entity;
import jakarta.persistence.Index;
import jakarta.persistence.Table;

/** An accepted UsernameToken of this RM. */
@Entity
@Table(name = "rm_seen_nonce", indexes = @Index(name = "rm_seen_nonce_expires", columnList = "expires"))
public class SeenNonceRecord extends SeenNonceColumns {
}
