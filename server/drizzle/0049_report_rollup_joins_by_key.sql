-- The report rollup triggers that join the rows they were given to their sale or ticket find it by
-- primary key only, and check it is the same event with IS NOT DISTINCT FROM, which no index serves.
-- With `event_id = …`, a planner whose statistics date from when the event had few rows (a festival
-- morning, before autovacuum; PGlite, which has none) walked an (event_id, …) index for every row:
-- 68 ms for a batch of 358 ticket validations whose event had 4,000 tickets.
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
  JOIN sales s ON s.id = n.sale_id AND s.event_id IS NOT DISTINCT FROM n.event_id
  GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_sale_lines() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_articles_hourly (event_id, hour, location_id, staff_id, article_id, orders, devolutions, quantity, gifts, amount)
  SELECT s.event_id, date_bin('1 hour', s.device_time, timestamptz '2000-01-01 00:00:00+00'),
    s.location_id, s.staff_id, n.article_id,
    count(DISTINCT s.id) FILTER (WHERE NOT s.is_devolution),
    count(DISTINCT s.id) FILTER (WHERE s.is_devolution),
    sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * (n.quantity - n.quantity_gift)),
    sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * n.quantity_gift),
    sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * n.price::bigint * (n.quantity - n.quantity_gift))
  FROM report_new n
  JOIN sales s ON s.id = n.sale_id AND s.event_id IS NOT DISTINCT FROM n.event_id
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
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
  JOIN sales s ON s.id = n.sale_id AND s.event_id IS NOT DISTINCT FROM n.event_id
  WHERE s.kitchen_id IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_ticket_validations_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_tickets_hourly (event_id, hour, role_id, validations, repeated)
  SELECT n.event_id, date_bin('1 hour', n.device_time, timestamptz '2000-01-01 00:00:00+00'),
    coalesce(t.role_id, n.role_id), count(*), count(*) FILTER (WHERE n.repeated)
  FROM report_tv_new n
  LEFT JOIN tickets t ON t.id = n.ticket_id AND t.event_id IS NOT DISTINCT FROM n.event_id
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
    FROM report_tv_new n LEFT JOIN tickets t ON t.id = n.ticket_id AND t.event_id IS NOT DISTINCT FROM n.event_id
    UNION ALL
    SELECT o.event_id, date_bin('1 hour', o.device_time, timestamptz '2000-01-01 00:00:00+00'),
      coalesce(t.role_id, o.role_id), -1, -(o.repeated::int)
    FROM report_tv_old o LEFT JOIN tickets t ON t.id = o.ticket_id AND t.event_id IS NOT DISTINCT FROM o.event_id
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
  LEFT JOIN tickets t ON t.id = o.ticket_id AND t.event_id IS NOT DISTINCT FROM o.event_id
  WHERE EXISTS (SELECT 1 FROM events e WHERE e.id = o.event_id)
  GROUP BY 1, 2, 3;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
