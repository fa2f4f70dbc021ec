-- The wristbands per event and festival day (schema/report-rollups.ts `report_wristband_day_counts`):
-- every statement that inserts rows into report_wristband_days adds how many it inserted (rows left
-- out by ON CONFLICT DO NOTHING are not in its transition table), every statement that deletes rows
-- (a rebuild after a time zone or offset change) subtracts them, in the same transaction. Rows of an
-- event being deleted are not counted (its counts go with it).
CREATE OR REPLACE FUNCTION report_wristband_day_counts_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_wristband_day_counts (event_id, day, wristbands)
  SELECT n.event_id, n.day, count(*) FROM report_wdc_new n GROUP BY 1, 2;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_wristband_day_counts_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_wristband_day_counts (event_id, day, wristbands)
  SELECT o.event_id, o.day, -count(*) FROM report_wdc_old o
  WHERE EXISTS (SELECT 1 FROM events e WHERE e.id = o.event_id)
  GROUP BY 1, 2;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_wristband_day_counts_insert AFTER INSERT ON report_wristband_days
  REFERENCING NEW TABLE AS report_wdc_new FOR EACH STATEMENT EXECUTE FUNCTION report_wristband_day_counts_insert();
--> statement-breakpoint
CREATE TRIGGER report_wristband_day_counts_delete AFTER DELETE ON report_wristband_days
  REFERENCING OLD TABLE AS report_wdc_old FOR EACH STATEMENT EXECUTE FUNCTION report_wristband_day_counts_delete();
--> statement-breakpoint
-- What the per-day rollup already holds, as compacted rows.
INSERT INTO report_wristband_day_counts (event_id, day, wristbands, compacted)
SELECT event_id, day, count(*), true FROM report_wristband_days GROUP BY 1, 2;
