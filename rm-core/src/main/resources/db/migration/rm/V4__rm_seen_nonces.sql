-- UsernameTokens this service accepted, each until it would be stale anyway: a (Nonce, Created) pair is refused a
-- second time after a restart too (SeenNonceTable). One row per accepted token: the SHA-256 of user, nonce, created.
CREATE TABLE rm_seen_nonce (
    nonce_id VARCHAR(64) NOT NULL,
    expires  TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    CONSTRAINT rm_seen_nonce_pk PRIMARY KEY (nonce_id)
);
CREATE INDEX rm_seen_nonce_expires ON rm_seen_nonce (expires);
