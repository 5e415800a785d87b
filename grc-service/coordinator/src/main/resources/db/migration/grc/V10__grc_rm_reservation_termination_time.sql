-- The GRC's RM port accepts WS-ResourceLifetime SetTerminationTime as every RM port does: a reservation made there
-- keeps its termination time, and the retention forgets a finished one once that time has passed.
ALTER TABLE grc_rm_reservation ADD COLUMN termination_time TIMESTAMP(6) WITH TIME ZONE;
