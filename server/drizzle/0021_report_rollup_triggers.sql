-- The reports' hourly rollups (schema/report-rollups.ts, decisions.md "Reports"): every INSERT
-- statement into the feed tables adds the sums of its rows, per UTC hour and key, as new rows of the
-- rollup tables, in the same transaction. Rows are only ever inserted here (never updated), so
-- concurrent sync batches do not wait on each other; a scheduled task merges past hours later.
-- Sale lines and payments take their hour, location, staff and sign from their sale, which the same
-- statement (the sync's CTE) or an earlier one has written.
CREATE OR REPLACE FUNCTION report_rollup_sales() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_sales_hourly (event_id, hour, location_id, staff_id, orders, devolutions, amount)
  SELECT n.event_id, date_bin('1 hour', n.device_time, timestamptz '2000-01-01 00:00:00+00'),
    n.location_id, n.staff_id,
    count(*) FILTER (WHERE NOT n.is_devolution), count(*) FILTER (WHERE n.is_devolution),
    sum(CASE WHEN n.is_devolution THEN -n.total_purchase ELSE n.total_purchase END)
  FROM report_new n
  GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_rollup_sales AFTER INSERT ON sales
  REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_sales();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_sale_payments() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_sales_hourly (event_id, hour, location_id, staff_id, pay_s, pay_b, pay_t, pay_o)
  SELECT s.event_id, date_bin('1 hour', s.device_time, timestamptz '2000-01-01 00:00:00+00'),
    s.location_id, s.staff_id,
    coalesce(sum(CASE WHEN s.is_devolution THEN -n.amount ELSE n.amount END) FILTER (WHERE n.type = 'S'), 0),
    coalesce(sum(CASE WHEN s.is_devolution THEN -n.amount ELSE n.amount END) FILTER (WHERE n.type = 'B'), 0),
    coalesce(sum(CASE WHEN s.is_devolution THEN -n.amount ELSE n.amount END) FILTER (WHERE n.type = 'T'), 0),
    coalesce(sum(CASE WHEN s.is_devolution THEN -n.amount ELSE n.amount END) FILTER (WHERE n.type = 'O'), 0)
  FROM report_new n
  JOIN sales s ON s.id = n.sale_id AND s.event_id = n.event_id
  GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_rollup_sale_payments AFTER INSERT ON sale_payments
  REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_sale_payments();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_sale_lines() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_articles_hourly (event_id, hour, location_id, staff_id, article_id, quantity, gifts, amount)
  SELECT s.event_id, date_bin('1 hour', s.device_time, timestamptz '2000-01-01 00:00:00+00'),
    s.location_id, s.staff_id, n.article_id,
    sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * (n.quantity - n.quantity_gift)),
    sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * n.quantity_gift),
    sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * n.price::bigint * (n.quantity - n.quantity_gift))
  FROM report_new n
  JOIN sales s ON s.id = n.sale_id AND s.event_id = n.event_id
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_rollup_sale_lines AFTER INSERT ON sale_lines
  REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_sale_lines();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_top_ups() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_top_ups_hourly (event_id, hour, location_id, staff_id, type, payment_type,
    operations, with_bonus, amount, bonus, money, fee)
  SELECT n.event_id, date_bin('1 hour', n.device_time, timestamptz '2000-01-01 00:00:00+00'),
    n.location_id, n.staff_id, n.type, n.payment_type,
    count(*), count(*) FILTER (WHERE n.bonus <> 0), sum(n.amount), sum(n.bonus), sum(n.money), sum(n.fee)
  FROM report_new n
  GROUP BY 1, 2, 3, 4, 5, 6;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_rollup_top_ups AFTER INSERT ON top_ups
  REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_top_ups();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_access() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_access_hourly (event_id, hour, zone_from, zone_to, acceso, passages)
  SELECT n.event_id, date_bin('1 hour', n.date_local, timestamptz '2000-01-01 00:00:00+00'),
    n.zone_from, n.zone_to, n.acceso, count(*)
  FROM report_new n
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_rollup_access AFTER INSERT ON access_records
  REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_access();
--> statement-breakpoint
-- What the feed already holds, as compacted rows.
INSERT INTO report_sales_hourly (event_id, hour, location_id, staff_id, orders, devolutions, amount, pay_s, pay_b, pay_t, pay_o, compacted)
SELECT s.event_id, date_bin('1 hour', s.device_time, timestamptz '2000-01-01 00:00:00+00'), s.location_id, s.staff_id,
  count(*) FILTER (WHERE NOT s.is_devolution), count(*) FILTER (WHERE s.is_devolution),
  sum(CASE WHEN s.is_devolution THEN -s.total_purchase ELSE s.total_purchase END),
  coalesce(sum(p.s), 0), coalesce(sum(p.b), 0), coalesce(sum(p.t), 0), coalesce(sum(p.o), 0), true
FROM sales s
LEFT JOIN LATERAL (
  SELECT
    sum(CASE WHEN s.is_devolution THEN -x.amount ELSE x.amount END) FILTER (WHERE x.type = 'S') AS s,
    sum(CASE WHEN s.is_devolution THEN -x.amount ELSE x.amount END) FILTER (WHERE x.type = 'B') AS b,
    sum(CASE WHEN s.is_devolution THEN -x.amount ELSE x.amount END) FILTER (WHERE x.type = 'T') AS t,
    sum(CASE WHEN s.is_devolution THEN -x.amount ELSE x.amount END) FILTER (WHERE x.type = 'O') AS o
  FROM sale_payments x WHERE x.event_id = s.event_id AND x.sale_id = s.id
) p ON true
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO report_articles_hourly (event_id, hour, location_id, staff_id, article_id, quantity, gifts, amount, compacted)
SELECT s.event_id, date_bin('1 hour', s.device_time, timestamptz '2000-01-01 00:00:00+00'), s.location_id, s.staff_id, l.article_id,
  sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * (l.quantity - l.quantity_gift)),
  sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * l.quantity_gift),
  sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * l.price::bigint * (l.quantity - l.quantity_gift)),
  true
FROM sale_lines l JOIN sales s ON s.id = l.sale_id AND s.event_id = l.event_id
GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO report_top_ups_hourly (event_id, hour, location_id, staff_id, type, payment_type, operations, with_bonus, amount, bonus, money, fee, compacted)
SELECT event_id, date_bin('1 hour', device_time, timestamptz '2000-01-01 00:00:00+00'), location_id, staff_id, type, payment_type,
  count(*), count(*) FILTER (WHERE bonus <> 0), sum(amount), sum(bonus), sum(money), sum(fee), true
FROM top_ups
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO report_access_hourly (event_id, hour, zone_from, zone_to, acceso, passages, compacted)
SELECT event_id, date_bin('1 hour', date_local, timestamptz '2000-01-01 00:00:00+00'), zone_from, zone_to, acceso, count(*), true
FROM access_records
GROUP BY 1, 2, 3, 4, 5;
