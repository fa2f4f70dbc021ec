-- The articles rollup also counts the sales (and devolutions) with a line of each article, so the
-- sales report filtered by an article reads the rollup too. A sale's lines are inserted by one
-- statement of the sync, so a distinct count per statement never counts a sale twice.
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
  JOIN sales s ON s.id = n.sale_id AND s.event_id = n.event_id
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DELETE FROM report_articles_hourly;
--> statement-breakpoint
INSERT INTO report_articles_hourly (event_id, hour, location_id, staff_id, article_id, orders, devolutions, quantity, gifts, amount, compacted)
SELECT s.event_id, date_bin('1 hour', s.device_time, timestamptz '2000-01-01 00:00:00+00'), s.location_id, s.staff_id, l.article_id,
  count(DISTINCT s.id) FILTER (WHERE NOT s.is_devolution),
  count(DISTINCT s.id) FILTER (WHERE s.is_devolution),
  sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * (l.quantity - l.quantity_gift)),
  sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * l.quantity_gift),
  sum(CASE WHEN s.is_devolution THEN -1 ELSE 1 END * l.price::bigint * (l.quantity - l.quantity_gift)),
  true
FROM sale_lines l JOIN sales s ON s.id = l.sale_id AND s.event_id = l.event_id
GROUP BY 1, 2, 3, 4, 5;
