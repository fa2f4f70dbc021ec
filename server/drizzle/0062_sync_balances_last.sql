-- A terminal batch of sales, top-ups and passages reads its wristbands without a lock and takes the
-- lock only in its last statement, where it writes the balances and the ledger (the balances after
-- each entry taken from the balances as locked: terminals/feed/sync-balances.repo.ts). That statement
-- calls this function when something its recording decided from the balances it read no longer
-- holds (an entry crosses zero the other way, a balance passes the limit, the flags, role, customer,
-- state or check code of a wristband changed): the transaction rolls back whole and the server runs
-- the batch again, locking its wristbands first (sync-retry.ts, SQLSTATE PU001).
CREATE OR REPLACE FUNCTION sync_read_changed() RETURNS boolean AS $$
BEGIN
  RAISE EXCEPTION 'a wristband of the batch changed since it was read'
    USING ERRCODE = 'PU001';
END;
$$ LANGUAGE plpgsql VOLATILE;
