-- A call refused for what it asked is remembered with its refusal: a repeat of it (a copy that arrives late) is
-- refused the same way instead of acting then (CallLedger).
ALTER TABLE rm_idempotency ADD COLUMN refusal VARCHAR(4000);
