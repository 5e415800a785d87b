-- Fencing: each claim carries an epoch, new at every claim of a key. Every write a replica makes under a claim checks,
-- in its own database transaction, that the claim is still this replica's with that epoch (locking the claim's row):
-- a replica that stood still past its lease and wakes finds its claims taken over and its writes refused.
ALTER TABLE grc_claim ADD COLUMN epoch BIGINT;
