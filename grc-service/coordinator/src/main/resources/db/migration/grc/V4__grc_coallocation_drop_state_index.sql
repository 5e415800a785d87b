-- grc_co_state (state) is the leading column of grc_co_state_start (state, window_start), which serves every query
-- by state as well; the second index only cost a delete and an insert on every change of state.
DROP INDEX IF EXISTS grc_co_state;
