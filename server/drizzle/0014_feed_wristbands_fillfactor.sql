-- Every money operation rewrites its wristband's balances: room on each page lets PostgreSQL update
-- the row in place (HOT) without touching the wristband indexes.
ALTER TABLE "wristbands" SET (fillfactor = 80);
