-- The tickets rollup and the wristband balances (schema/report-rollups.ts `report_tickets_hourly`,
-- `report_wristband_balances`), kept by statement-level triggers in the same transaction as the rows:
-- inserted rows add, deleted rows subtract (not while their event is being deleted: its figures go
-- with it), updated rows add the difference. What exists already is written at the end as compacted rows.
--
-- A ticket adds sold or cancelled at the hour it was sold (its creation, or its validation when that
-- came first) and validated at the hour of its validation; a validation adds validations (and
-- repeated) at its device time, under the ticket's role, or the role its terminal recorded when the
-- ticket has none. A ticket whose role changes (or that is deleted) moves its validations.
CREATE OR REPLACE FUNCTION report_tickets_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_tickets_hourly (event_id, hour, role_id, sold, cancelled, validated)
  SELECT n.event_id, r.hour, n.role_id, sum(r.sold), sum(r.cancelled), sum(r.validated)
  FROM report_tk_new n, LATERAL (VALUES
      (date_bin('1 hour', least(n.created_at, coalesce(n.date_validation, n.created_at)), timestamptz '2000-01-01 00:00:00+00'),
        (n.cancelled = 0)::int, (n.cancelled = 1)::int, 0),
      (date_bin('1 hour', n.date_validation, timestamptz '2000-01-01 00:00:00+00'), 0, 0,
        (n.cancelled = 0 AND n.validated = 1)::int)
    ) r(hour, sold, cancelled, validated)
  WHERE r.hour IS NOT NULL AND (r.sold <> 0 OR r.cancelled <> 0 OR r.validated <> 0)
  GROUP BY 1, 2, 3;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_tickets_update() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_tickets_hourly (event_id, hour, role_id, sold, cancelled, validated, validations, repeated)
  SELECT x.event_id, x.hour, x.role_id, sum(x.sold), sum(x.cancelled), sum(x.validated), sum(x.validations),
    sum(x.repeated)
  FROM (
    SELECT n.event_id, r.hour, n.role_id, r.sold, r.cancelled, r.validated, 0 AS validations, 0 AS repeated
    FROM report_tk_new n, LATERAL (VALUES
      (date_bin('1 hour', least(n.created_at, coalesce(n.date_validation, n.created_at)), timestamptz '2000-01-01 00:00:00+00'),
        (n.cancelled = 0)::int, (n.cancelled = 1)::int, 0),
      (date_bin('1 hour', n.date_validation, timestamptz '2000-01-01 00:00:00+00'), 0, 0,
        (n.cancelled = 0 AND n.validated = 1)::int)
    ) r(hour, sold, cancelled, validated)
    WHERE r.hour IS NOT NULL
    UNION ALL
    SELECT o.event_id, r.hour, o.role_id, r.sold, r.cancelled, r.validated, 0, 0
    FROM report_tk_old o, LATERAL (VALUES
      (date_bin('1 hour', least(o.created_at, coalesce(o.date_validation, o.created_at)), timestamptz '2000-01-01 00:00:00+00'),
        -(o.cancelled = 0)::int, -(o.cancelled = 1)::int, 0),
      (date_bin('1 hour', o.date_validation, timestamptz '2000-01-01 00:00:00+00'), 0, 0,
        -(o.cancelled = 0 AND o.validated = 1)::int)
    ) r(hour, sold, cancelled, validated)
    WHERE r.hour IS NOT NULL
    UNION ALL
    -- The validations of a ticket whose role changed leave the role they were counted under.
    SELECT v.event_id, date_bin('1 hour', v.device_time, timestamptz '2000-01-01 00:00:00+00'), m.role_id,
      0, 0, 0, m.s, m.s * v.repeated::int
    FROM report_tk_old o
    JOIN report_tk_new n ON n.id = o.id AND n.role_id IS DISTINCT FROM o.role_id
    JOIN ticket_validations v ON v.event_id = o.event_id AND v.ticket_id = o.id,
    LATERAL (VALUES (coalesce(o.role_id, v.role_id), -1), (coalesce(n.role_id, v.role_id), 1)) m(role_id, s)
  ) x
  GROUP BY 1, 2, 3
  HAVING sum(x.sold) <> 0 OR sum(x.cancelled) <> 0 OR sum(x.validated) <> 0 OR sum(x.validations) <> 0
    OR sum(x.repeated) <> 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_tickets_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_tickets_hourly (event_id, hour, role_id, sold, cancelled, validated, validations, repeated)
  SELECT x.event_id, x.hour, x.role_id, sum(x.sold), sum(x.cancelled), sum(x.validated), sum(x.validations),
    sum(x.repeated)
  FROM (
    SELECT o.event_id, r.hour, o.role_id, r.sold, r.cancelled, r.validated, 0 AS validations, 0 AS repeated
    FROM report_tk_old o, LATERAL (VALUES
      (date_bin('1 hour', least(o.created_at, coalesce(o.date_validation, o.created_at)), timestamptz '2000-01-01 00:00:00+00'),
        -(o.cancelled = 0)::int, -(o.cancelled = 1)::int, 0),
      (date_bin('1 hour', o.date_validation, timestamptz '2000-01-01 00:00:00+00'), 0, 0,
        -(o.cancelled = 0 AND o.validated = 1)::int)
    ) r(hour, sold, cancelled, validated)
    WHERE r.hour IS NOT NULL
    UNION ALL
    -- The validations of a deleted ticket count under the role their terminal recorded.
    SELECT v.event_id, date_bin('1 hour', v.device_time, timestamptz '2000-01-01 00:00:00+00'), m.role_id,
      0, 0, 0, m.s, m.s * v.repeated::int
    FROM report_tk_old o
    JOIN ticket_validations v ON v.event_id = o.event_id AND v.ticket_id = o.id,
    LATERAL (VALUES (coalesce(o.role_id, v.role_id), -1), (v.role_id, 1)) m(role_id, s)
    WHERE o.role_id IS NOT NULL AND o.role_id IS DISTINCT FROM v.role_id
  ) x
  WHERE EXISTS (SELECT 1 FROM events e WHERE e.id = x.event_id)
  GROUP BY 1, 2, 3
  HAVING sum(x.sold) <> 0 OR sum(x.cancelled) <> 0 OR sum(x.validated) <> 0 OR sum(x.validations) <> 0
    OR sum(x.repeated) <> 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_tickets_insert AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS report_tk_new FOR EACH STATEMENT EXECUTE FUNCTION report_tickets_insert();
--> statement-breakpoint
CREATE TRIGGER report_tickets_update AFTER UPDATE ON tickets
  REFERENCING OLD TABLE AS report_tk_old NEW TABLE AS report_tk_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_tickets_update();
--> statement-breakpoint
CREATE TRIGGER report_tickets_delete AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS report_tk_old FOR EACH STATEMENT EXECUTE FUNCTION report_tickets_delete();
--> statement-breakpoint
-- A validation counts under its ticket's role as the ticket is now (the terminal's role without one).
CREATE OR REPLACE FUNCTION report_ticket_validations_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_tickets_hourly (event_id, hour, role_id, validations, repeated)
  SELECT n.event_id, date_bin('1 hour', n.device_time, timestamptz '2000-01-01 00:00:00+00'),
    coalesce(t.role_id, n.role_id), count(*), count(*) FILTER (WHERE n.repeated)
  FROM report_tv_new n
  LEFT JOIN tickets t ON t.id = n.ticket_id AND t.event_id = n.event_id
  GROUP BY 1, 2, 3;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_ticket_validations_update() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_tickets_hourly (event_id, hour, role_id, validations, repeated)
  SELECT x.event_id, x.hour, x.role_id, sum(x.s), sum(x.r)
  FROM (
    SELECT n.event_id, date_bin('1 hour', n.device_time, timestamptz '2000-01-01 00:00:00+00') AS hour,
      coalesce(t.role_id, n.role_id) AS role_id, 1 AS s, n.repeated::int AS r
    FROM report_tv_new n LEFT JOIN tickets t ON t.id = n.ticket_id AND t.event_id = n.event_id
    UNION ALL
    SELECT o.event_id, date_bin('1 hour', o.device_time, timestamptz '2000-01-01 00:00:00+00'),
      coalesce(t.role_id, o.role_id), -1, -(o.repeated::int)
    FROM report_tv_old o LEFT JOIN tickets t ON t.id = o.ticket_id AND t.event_id = o.event_id
  ) x
  GROUP BY 1, 2, 3
  HAVING sum(x.s) <> 0 OR sum(x.r) <> 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_ticket_validations_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_tickets_hourly (event_id, hour, role_id, validations, repeated)
  SELECT o.event_id, date_bin('1 hour', o.device_time, timestamptz '2000-01-01 00:00:00+00'),
    coalesce(t.role_id, o.role_id), -count(*), -count(*) FILTER (WHERE o.repeated)
  FROM report_tv_old o
  LEFT JOIN tickets t ON t.id = o.ticket_id AND t.event_id = o.event_id
  WHERE EXISTS (SELECT 1 FROM events e WHERE e.id = o.event_id)
  GROUP BY 1, 2, 3;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_ticket_validations_insert AFTER INSERT ON ticket_validations
  REFERENCING NEW TABLE AS report_tv_new FOR EACH STATEMENT EXECUTE FUNCTION report_ticket_validations_insert();
--> statement-breakpoint
CREATE TRIGGER report_ticket_validations_update AFTER UPDATE ON ticket_validations
  REFERENCING OLD TABLE AS report_tv_old NEW TABLE AS report_tv_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_ticket_validations_update();
--> statement-breakpoint
CREATE TRIGGER report_ticket_validations_delete AFTER DELETE ON ticket_validations
  REFERENCING OLD TABLE AS report_tv_old FOR EACH STATEMENT EXECUTE FUNCTION report_ticket_validations_delete();
--> statement-breakpoint
-- The wristbands' balances: Σ cash, Σ gift, the active ones and those of them with a balance.
CREATE OR REPLACE FUNCTION report_wristband_balances_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_wristband_balances (event_id, cash, gift, active, with_balance)
  SELECT n.event_id, sum(n.cash), sum(n.gift), count(*) FILTER (WHERE n.active = 1),
    count(*) FILTER (WHERE n.active = 1 AND (n.cash > 0 OR n.gift > 0))
  FROM report_wb_new n
  GROUP BY 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_wristband_balances_update() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_wristband_balances (event_id, cash, gift, active, with_balance)
  SELECT x.event_id, sum(x.cash), sum(x.gift), sum(x.active), sum(x.with_balance)
  FROM (
    SELECT n.event_id, n.cash::bigint AS cash, n.gift::bigint AS gift, (n.active = 1)::int AS active,
      (n.active = 1 AND (n.cash > 0 OR n.gift > 0))::int AS with_balance
    FROM report_wb_new n
    UNION ALL
    SELECT o.event_id, -o.cash, -o.gift, -(o.active = 1)::int, -(o.active = 1 AND (o.cash > 0 OR o.gift > 0))::int
    FROM report_wb_old o
  ) x
  GROUP BY 1
  HAVING sum(x.cash) <> 0 OR sum(x.gift) <> 0 OR sum(x.active) <> 0 OR sum(x.with_balance) <> 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_wristband_balances_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_wristband_balances (event_id, cash, gift, active, with_balance)
  SELECT o.event_id, -sum(o.cash), -sum(o.gift), -count(*) FILTER (WHERE o.active = 1),
    -count(*) FILTER (WHERE o.active = 1 AND (o.cash > 0 OR o.gift > 0))
  FROM report_wb_old o
  WHERE EXISTS (SELECT 1 FROM events e WHERE e.id = o.event_id)
  GROUP BY 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_wristband_balances_insert AFTER INSERT ON wristbands
  REFERENCING NEW TABLE AS report_wb_new FOR EACH STATEMENT EXECUTE FUNCTION report_wristband_balances_insert();
--> statement-breakpoint
CREATE TRIGGER report_wristband_balances_update AFTER UPDATE ON wristbands
  REFERENCING OLD TABLE AS report_wb_old NEW TABLE AS report_wb_new
  FOR EACH STATEMENT EXECUTE FUNCTION report_wristband_balances_update();
--> statement-breakpoint
CREATE TRIGGER report_wristband_balances_delete AFTER DELETE ON wristbands
  REFERENCING OLD TABLE AS report_wb_old FOR EACH STATEMENT EXECUTE FUNCTION report_wristband_balances_delete();
--> statement-breakpoint
-- What exists already, as compacted rows.
INSERT INTO report_tickets_hourly (event_id, hour, role_id, sold, cancelled, validated, validations, repeated, compacted)
SELECT x.event_id, x.hour, x.role_id, sum(x.sold), sum(x.cancelled), sum(x.validated), sum(x.validations),
  sum(x.repeated), true
FROM (
  SELECT t.event_id, r.hour, t.role_id, r.sold, r.cancelled, r.validated, 0 AS validations, 0 AS repeated
  FROM tickets t, LATERAL (VALUES
      (date_bin('1 hour', least(t.created_at, coalesce(t.date_validation, t.created_at)), timestamptz '2000-01-01 00:00:00+00'),
        (t.cancelled = 0)::int, (t.cancelled = 1)::int, 0),
      (date_bin('1 hour', t.date_validation, timestamptz '2000-01-01 00:00:00+00'), 0, 0,
        (t.cancelled = 0 AND t.validated = 1)::int)
    ) r(hour, sold, cancelled, validated)
  WHERE r.hour IS NOT NULL
  UNION ALL
  SELECT v.event_id, date_bin('1 hour', v.device_time, timestamptz '2000-01-01 00:00:00+00'),
    coalesce(t.role_id, v.role_id), 0, 0, 0, 1, v.repeated::int
  FROM ticket_validations v LEFT JOIN tickets t ON t.id = v.ticket_id AND t.event_id = v.event_id
) x
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO report_wristband_balances (event_id, cash, gift, active, with_balance, compacted)
SELECT event_id, sum(cash), sum(gift), count(*) FILTER (WHERE active = 1),
  count(*) FILTER (WHERE active = 1 AND (cash > 0 OR gift > 0)), true
FROM wristbands
GROUP BY 1;
