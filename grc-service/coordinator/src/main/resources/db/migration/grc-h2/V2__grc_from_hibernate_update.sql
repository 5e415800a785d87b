-- Brings a GRC database that Hibernate's ddl-auto=update made (every release before versioned migrations) to the
-- V1 schema: enum columns were H2 ENUMs, JSON columns were CLOBs before they became long VARCHARs, and the
-- pending change of a co-allocation or delegated reservation lived in its own columns before the transaction
-- engine (a NOT NULL decision column would refuse every new co-allocation). On a database V1 made, every
-- statement here changes nothing.

ALTER TABLE grc_coallocation ALTER COLUMN state SET DATA TYPE VARCHAR(16);
ALTER TABLE grc_coallocation ALTER COLUMN request_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE grc_coallocation ALTER COLUMN plan_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE grc_coallocation ALTER COLUMN outcomes_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE grc_coallocation DROP COLUMN IF EXISTS decision;
ALTER TABLE grc_coallocation DROP COLUMN IF EXISTS pending_json;

ALTER TABLE grc_rm_reservation ALTER COLUMN reservation_state SET DATA TYPE VARCHAR(24);
ALTER TABLE grc_rm_reservation ALTER COLUMN lifecycle_state SET DATA TYPE VARCHAR(24);
ALTER TABLE grc_rm_reservation ALTER COLUMN pending_change SET DATA TYPE VARCHAR(16);
ALTER TABLE grc_rm_reservation ALTER COLUMN last_decision SET DATA TYPE VARCHAR(16);
ALTER TABLE grc_rm_reservation ALTER COLUMN spec_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE grc_rm_reservation ALTER COLUMN participants_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE grc_rm_reservation ALTER COLUMN pending_spec_json SET DATA TYPE VARCHAR(1000000);
ALTER TABLE grc_rm_reservation ADD COLUMN IF NOT EXISTS consumer VARCHAR(1024);
ALTER TABLE grc_rm_reservation ADD COLUMN IF NOT EXISTS dead_cancel_answered BOOLEAN;
ALTER TABLE grc_rm_reservation DROP COLUMN IF EXISTS pending_json;

ALTER TABLE grc_transaction ALTER COLUMN subject_type SET DATA TYPE VARCHAR(16);
ALTER TABLE grc_transaction ALTER COLUMN change_kind SET DATA TYPE VARCHAR(16);
ALTER TABLE grc_transaction ALTER COLUMN decision SET DATA TYPE VARCHAR(16);
