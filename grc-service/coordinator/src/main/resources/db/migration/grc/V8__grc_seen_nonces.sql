-- UsernameTokens accepted by any replica of this GRC, each until it would be stale anyway: a (Nonce, Created) pair
-- is refused a second time at every replica sharing this database, and after a restart (SeenNonceTable).
CREATE TABLE grc_seen_nonce (
    nonce_id VARCHAR(64) NOT NULL,
    expires  TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    CONSTRAINT grc_seen_nonce_pk PRIMARY KEY (nonce_id)
);
CREATE INDEX grc_seen_nonce_expires ON grc_seen_nonce (expires);
