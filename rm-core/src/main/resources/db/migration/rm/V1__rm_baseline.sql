-- The RM schema as of the first versioned release (the entities of org.doji.rm.persistence). Portable SQL:
-- the same script runs on H2 and PostgreSQL. Long JSON documents are VARCHAR(1000000) on both (PostgreSQL
-- stores a varchar exactly like text; on H2 a CLOB would go through its slow LOB map), enums are VARCHAR
-- (a new state needs no migration), times are TIMESTAMP(6) WITH TIME ZONE (microseconds, what the kernel keeps).
-- IF NOT EXISTS: a database from before versioned migrations (Hibernate's ddl-auto=update) already has these
-- tables; Flyway baselines it at version 0 and V2 (db/migration/rm-h2: such databases are H2 files) brings its
-- columns to this schema.

CREATE TABLE IF NOT EXISTS rm_reservation (
    res_key                 VARCHAR(64)      NOT NULL,
    owner                   VARCHAR(64)      NOT NULL,
    reservation_state       VARCHAR(32)      NOT NULL,
    lifecycle_state         VARCHAR(32)      NOT NULL,
    pending_change          VARCHAR(16)      NOT NULL,
    last_decision           VARCHAR(16)      NOT NULL,
    spec_json               VARCHAR(1000000),
    allocation_json         VARCHAR(1000000),
    pending_spec_json       VARCHAR(1000000),
    pending_allocation_json VARCHAR(1000000),
    hold_expires            TIMESTAMP(6) WITH TIME ZONE,
    termination_time        TIMESTAMP(6) WITH TIME ZONE,
    consumer                VARCHAR(1024),
    global_id               VARCHAR(64),
    version                 INTEGER          NOT NULL,
    created                 TIMESTAMP(6) WITH TIME ZONE,
    updated                 TIMESTAMP(6) WITH TIME ZONE,
    reason                  VARCHAR(1024),
    dead_cancel_answered    BOOLEAN,
    CONSTRAINT rm_reservation_pk PRIMARY KEY (res_key)
);
-- the WS-ResourceLifetime garbage query; no index on the lifecycle state (only the start-up load reads by it,
-- and every insert and state change would pay for one more B-tree)
CREATE INDEX IF NOT EXISTS rm_reservation_term ON rm_reservation (termination_time);

-- the answer given to each mutating call, by caller and correlation id (a retry gets the same answer)
CREATE TABLE IF NOT EXISTS rm_idempotency (
    call_id      VARCHAR(300)     NOT NULL,
    operation    VARCHAR(16)      NOT NULL,
    payload_hash VARCHAR(64)      NOT NULL,
    answer_json  VARCHAR(1000000),
    created      TIMESTAMP(6) WITH TIME ZONE,
    CONSTRAINT rm_idempotency_pk PRIMARY KEY (call_id)
);
CREATE INDEX IF NOT EXISTS rm_idempotency_created ON rm_idempotency (created);
