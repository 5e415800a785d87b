-- A transaction's participant specs get their own column, written once with the row: every later write of a
-- step carries only the participants' progress. Rows in flight at the upgrade keep their specs inline in
-- participants_json (the reader takes them from there).
ALTER TABLE grc_transaction ADD COLUMN participant_specs_json VARCHAR(1000000);
