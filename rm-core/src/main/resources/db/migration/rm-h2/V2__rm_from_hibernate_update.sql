-- Brings an RM database that Hibernate's ddl-auto=update made (every release before versioned migrations) to
-- the V1 schema: enum columns were H2 ENUMs, JSON columns were CLOBs before they became long VARCHARs, the
-- lifecycle index was dropped, dead_cancel_answered came later. On a database V1 made, every statement here
-- changes nothing.

ALTER TABLE rm_reservation ALTER COLUMN reservation_state SET DATA TYPE VARCHAR(32);
ALTER TABLE rm_reservation ALTER COLUMN lifecycle_state SET DATA TYPE VARCHAR(32);
ALTER TABLE rm_reservation ALTER COLUMN pending_change SET DATA TYPE VARCHAR(16);
ALTER TABLE rm_reservation ALTER COLUMN last_decision SET DATA TYPE VARCHAR(16);
ALTER TABLE rm_reservation ALTER COLUMN spec_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE rm_reservation ALTER COLUMN allocation_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE rm_reservation ALTER COLUMN pending_spec_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE rm_reservation ALTER COLUMN pending_allocation_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE rm_reservation ADD COLUMN IF NOT EXISTS dead_cancel_answered BOOLEAN;
DROP INDEX IF EXISTS rm_reservation_life;
ALTER TABLE rm_idempotency ALTER COLUMN answer_json SET DATA TYPE VARCHAR(1000000);
