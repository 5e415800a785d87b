-- A modify or cancel refused for what it asked is remembered with its refusal: a repeat of it (a copy that arrives
-- late, after the user took the refusal and moved on) is refused the same way instead of acting then (CallLedger).
ALTER TABLE grc_call ADD COLUMN refusal VARCHAR(4000);
