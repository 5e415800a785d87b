-- Several GRC replicas on one database (active-active): each renews a lease in grc_replica; the work a replica does
-- now (a transaction, a co-allocation's reservation or change, a key of the RM port) is its row in grc_claim, void
-- once its replica's lease ran out, so another replica takes that work over.
CREATE TABLE grc_replica (
    replica_id  VARCHAR(128) NOT NULL,
    lease_until TIMESTAMP(6) WITH TIME ZONE NOT NULL,
    started     TIMESTAMP(6) WITH TIME ZONE,
    CONSTRAINT grc_replica_pk PRIMARY KEY (replica_id)
);
CREATE TABLE grc_claim (
    claim_key  VARCHAR(400) NOT NULL,
    replica_id VARCHAR(128) NOT NULL,
    claimed    TIMESTAMP(6) WITH TIME ZONE,
    CONSTRAINT grc_claim_pk PRIMARY KEY (claim_key)
);
CREATE INDEX grc_claim_replica ON grc_claim (replica_id);
