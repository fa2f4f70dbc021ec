-- The wristbands active per festival day (schema/report-rollups.ts `report_wristband_days`): every
-- INSERT statement into top_ups, sales, ticket_validations (device_time) and access_records
-- (date_local) adds its wristbands' festival days, in the same transaction. The festival day is the
-- calendar day in the event's time zone of the time moved back by the event's offset hours.
CREATE OR REPLACE FUNCTION report_wristband_days_device_time() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_wristband_days (event_id, day, wristband_id)
  SELECT DISTINCT n.event_id,
    ((n.device_time AT TIME ZONE e.timezone) - e.offset_hours * interval '1 hour')::date, n.wristband_id
  FROM report_wd_new n JOIN events e ON e.id = n.event_id
  WHERE n.wristband_id IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_wristband_days_date_local() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_wristband_days (event_id, day, wristband_id)
  SELECT DISTINCT n.event_id,
    ((n.date_local AT TIME ZONE e.timezone) - e.offset_hours * interval '1 hour')::date, n.wristband_id
  FROM report_wd_new n JOIN events e ON e.id = n.event_id
  WHERE n.wristband_id IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_wristband_days_top_ups AFTER INSERT ON top_ups
  REFERENCING NEW TABLE AS report_wd_new FOR EACH STATEMENT EXECUTE FUNCTION report_wristband_days_device_time();
--> statement-breakpoint
CREATE TRIGGER report_wristband_days_sales AFTER INSERT ON sales
  REFERENCING NEW TABLE AS report_wd_new FOR EACH STATEMENT EXECUTE FUNCTION report_wristband_days_device_time();
--> statement-breakpoint
CREATE TRIGGER report_wristband_days_validations AFTER INSERT ON ticket_validations
  REFERENCING NEW TABLE AS report_wd_new FOR EACH STATEMENT EXECUTE FUNCTION report_wristband_days_device_time();
--> statement-breakpoint
CREATE TRIGGER report_wristband_days_access AFTER INSERT ON access_records
  REFERENCING NEW TABLE AS report_wd_new FOR EACH STATEMENT EXECUTE FUNCTION report_wristband_days_date_local();
--> statement-breakpoint
-- Rebuilds one event's rows (or every event's, with NULL): the backfill below, and an event whose
-- time zone or offset changed (event-save.service.ts).
CREATE OR REPLACE FUNCTION report_rebuild_wristband_days(ev integer) RETURNS void AS $$
BEGIN
  DELETE FROM report_wristband_days WHERE ev IS NULL OR event_id = ev;
  INSERT INTO report_wristband_days (event_id, day, wristband_id)
  SELECT DISTINCT a.event_id, ((a.t AT TIME ZONE e.timezone) - e.offset_hours * interval '1 hour')::date, a.wristband_id
  FROM (
    SELECT event_id, device_time AS t, wristband_id FROM top_ups WHERE ev IS NULL OR event_id = ev
    UNION ALL
    SELECT event_id, device_time, wristband_id FROM sales WHERE (ev IS NULL OR event_id = ev) AND wristband_id IS NOT NULL
    UNION ALL
    SELECT event_id, device_time, wristband_id FROM ticket_validations WHERE (ev IS NULL OR event_id = ev) AND wristband_id IS NOT NULL
    UNION ALL
    SELECT event_id, date_local, wristband_id FROM access_records WHERE (ev IS NULL OR event_id = ev) AND wristband_id IS NOT NULL
  ) a JOIN events e ON e.id = a.event_id
  ON CONFLICT DO NOTHING;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
SELECT report_rebuild_wristband_days(NULL);
