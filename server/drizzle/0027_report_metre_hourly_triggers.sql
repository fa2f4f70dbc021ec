-- The metre orders' hourly rollup (schema/report-rollups.ts `reportMetreHourly`), written like the
-- other rollups (0021_report_rollup_triggers): each INSERT statement into sales adds the orders and
-- devolutions of its metre orders (sales with a kitchen), each INSERT into sale_lines the units, gifts
-- and amount of the lines of metre orders, as delta rows in the same transaction.
CREATE OR REPLACE FUNCTION report_rollup_metre_sales() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_metre_hourly (event_id, hour, kitchen_id, room_id, staff_id, orders, devolutions)
  SELECT n.event_id, date_bin('1 hour', n.device_time, timestamptz '2000-01-01 00:00:00+00'),
    n.kitchen_id, n.room_id, n.staff_id,
    count(*) FILTER (WHERE NOT n.is_devolution), count(*) FILTER (WHERE n.is_devolution)
  FROM report_new n
  WHERE n.kitchen_id IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_rollup_metre_sales AFTER INSERT ON sales
  REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_metre_sales();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_metre_lines() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_metre_hourly (event_id, hour, kitchen_id, room_id, staff_id, quantity, gifts, amount)
  SELECT s.event_id, date_bin('1 hour', s.device_time, timestamptz '2000-01-01 00:00:00+00'),
    s.kitchen_id, s.room_id, s.staff_id,
    sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * (n.quantity - n.quantity_gift)),
    sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * n.quantity_gift),
    sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * n.price::bigint * (n.quantity - n.quantity_gift))
  FROM report_new n
  JOIN sales s ON s.id = n.sale_id AND s.event_id = n.event_id
  WHERE s.kitchen_id IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_rollup_metre_lines AFTER INSERT ON sale_lines
  REFERENCING NEW TABLE AS report_new FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_metre_lines();
--> statement-breakpoint
-- What the feed already holds, as compacted rows.
INSERT INTO report_metre_hourly (event_id, hour, kitchen_id, room_id, staff_id, orders, devolutions, quantity, gifts, amount, compacted)
SELECT s.event_id, date_bin('1 hour', s.device_time, timestamptz '2000-01-01 00:00:00+00'), s.kitchen_id, s.room_id, s.staff_id,
  count(*) FILTER (WHERE NOT s.is_devolution), count(*) FILTER (WHERE s.is_devolution),
  coalesce(sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * l.quantity), 0),
  coalesce(sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * l.gifts), 0),
  coalesce(sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * l.amount), 0),
  true
FROM sales s
LEFT JOIN LATERAL (
  SELECT sum(x.quantity - x.quantity_gift) AS quantity, sum(x.quantity_gift) AS gifts,
    sum(x.price::bigint * (x.quantity - x.quantity_gift)) AS amount
  FROM sale_lines x WHERE x.event_id = s.event_id AND x.sale_id = s.id
) l ON true
WHERE s.kitchen_id IS NOT NULL
GROUP BY 1, 2, 3, 4, 5;
