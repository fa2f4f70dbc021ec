-- The wristband stock's rows are written by the hundred thousand (a lot import, a lot deleted with its
-- wristbands). A row trigger wrote one audit_changes row per wristband: 100,000 before/after images
-- took three quarters of a 100,000-row import (11.6 s of 15.5 s). stock_wristbands leaves the row
-- trigger; the import and the lot deletion write one summary change instead (lot, counts, first and
-- last serial) through `auditBulkChange` (server/src/plugins/audit.ts). See docs/decisions.md.
CREATE OR REPLACE FUNCTION audit_excluded(tbl text) RETURNS boolean AS $$
  SELECT tbl LIKE 'report\_%' OR tbl IN (
    'audit_log', 'audit_changes', 'login_throttle', 'ledger_entries', 'top_ups', 'sales', 'sale_lines',
    'sale_payments', 'access_records', 'ticket_validations', 'role_recordings', 'wristband_changes',
    'presence_records', 'order_errors', 'processed_operations', 'sync_batches', 'refused_operations',
    'capacity_log', 'capacity_log_slots', 'stock_wristbands');
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
DROP TRIGGER IF EXISTS audit_capture ON stock_wristbands;
