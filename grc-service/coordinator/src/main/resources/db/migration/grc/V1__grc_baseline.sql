-- The GRC schema as of the first versioned release (the entities of org.doji.grc.persistence). Portable SQL:
-- the same script runs on H2 and PostgreSQL; column types as in the RM's V1 (JSON VARCHAR(1000000), enums
-- VARCHAR, TIMESTAMP(6) WITH TIME ZONE). IF NOT EXISTS: a database from before versioned migrations
-- (Hibernate's ddl-auto=update) already has these tables; Flyway baselines it at version 0 and V2
-- (db/migration/grc-h2: such databases are H2 files) brings its columns to this schema.

CREATE TABLE IF NOT EXISTS grc_coallocation (
    co_key           VARCHAR(64)      NOT NULL,
    owner            VARCHAR(64)      NOT NULL,
    state            VARCHAR(16)      NOT NULL,
    reason           VARCHAR(4000),
    request_json     VARCHAR(1000000),
    plan_json        VARCHAR(1000000),
    outcomes_json    VARCHAR(1000000),
    consumer         VARCHAR(1024),
    window_start     TIMESTAMP(6) WITH TIME ZONE,
    window_end       TIMESTAMP(6) WITH TIME ZONE,
    cost             DOUBLE PRECISION,
    attempt          INTEGER          NOT NULL,
    created          TIMESTAMP(6) WITH TIME ZONE,
    updated          TIMESTAMP(6) WITH TIME ZONE,
    termination_time TIMESTAMP(6) WITH TIME ZONE,
    CONSTRAINT grc_coallocation_pk PRIMARY KEY (co_key)
);
CREATE INDEX IF NOT EXISTS grc_co_owner ON grc_coallocation (owner);
CREATE INDEX IF NOT EXISTS grc_co_state ON grc_coallocation (state);
CREATE INDEX IF NOT EXISTS grc_co_state_start ON grc_coallocation (state, window_start);

-- which co-allocation a mutating call (caller and correlation id) created or changed, with its payload hash
CREATE TABLE IF NOT EXISTS grc_call (
    call_id           VARCHAR(300) NOT NULL,
    payload_hash      VARCHAR(64)  NOT NULL,
    co_allocation_key VARCHAR(64)  NOT NULL,
    created           TIMESTAMP(6) WITH TIME ZONE,
    CONSTRAINT grc_call_pk PRIMARY KEY (call_id)
);

-- the reservations a parent coordinator made at this GRC through its RM port
CREATE TABLE IF NOT EXISTS grc_rm_reservation (
    res_key              VARCHAR(64)      NOT NULL,
    owner                VARCHAR(64)      NOT NULL,
    reservation_state    VARCHAR(24)      NOT NULL,
    lifecycle_state      VARCHAR(24)      NOT NULL,
    pending_change       VARCHAR(16)      NOT NULL,
    last_decision        VARCHAR(16)      NOT NULL,
    spec_json            VARCHAR(1000000),
    participants_json    VARCHAR(1000000),
    pending_spec_json    VARCHAR(1000000),
    consumer             VARCHAR(1024),
    dead_cancel_answered BOOLEAN,
    hold_expires         TIMESTAMP(6) WITH TIME ZONE,
    window_start         TIMESTAMP(6) WITH TIME ZONE,
    window_end           TIMESTAMP(6) WITH TIME ZONE,
    reason               VARCHAR(4000),
    version              INTEGER          NOT NULL,
    created              TIMESTAMP(6) WITH TIME ZONE,
    updated              TIMESTAMP(6) WITH TIME ZONE,
    CONSTRAINT grc_rm_reservation_pk PRIMARY KEY (res_key)
);
CREATE INDEX IF NOT EXISTS grc_rm_res_state ON grc_rm_reservation (reservation_state);

-- a coordinated change in progress (org.doji.grc.tx), removed when it finishes
CREATE TABLE IF NOT EXISTS grc_transaction (
    tx_id             VARCHAR(300)     NOT NULL,
    subject_type      VARCHAR(16)      NOT NULL,
    subject           VARCHAR(64)      NOT NULL,
    change_kind       VARCHAR(16)      NOT NULL,
    attempt           INTEGER          NOT NULL,
    decision          VARCHAR(16)      NOT NULL,
    compensating      BOOLEAN          NOT NULL,
    participants_json VARCHAR(1000000),
    payload           VARCHAR(1000000),
    decide_by         TIMESTAMP(6) WITH TIME ZONE,
    next_drive        TIMESTAMP(6) WITH TIME ZONE,
    tries             INTEGER          NOT NULL,
    reason            VARCHAR(4000),
    created           TIMESTAMP(6) WITH TIME ZONE,
    version           BIGINT           NOT NULL,
    CONSTRAINT grc_transaction_pk PRIMARY KEY (tx_id)
);
