-- The top-ups rollup also keyed by device and supervisor, with the sums the top-up, cashbox and bonus
-- reports add up (schema/report-rollups.ts): directions of cash and gift, the cash amount of the
-- operations that moved the gift balance, the operations where money changed hands or a fee was
-- charged (with their first and last time) and the units of the articles given. Those reports read
-- the rollup (whole hours) and the raw rows for the rest of a window, as the dashboard does.
CREATE OR REPLACE FUNCTION report_top_up_articles(a jsonb) RETURNS bigint AS $$
  SELECT CASE WHEN jsonb_typeof(a) IS DISTINCT FROM 'array' THEN 0 WHEN jsonb_array_length(a) = 0 THEN 0
    ELSE (SELECT coalesce(sum((e->>'quantity')::int), 0) FROM jsonb_array_elements(a) e) END
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_top_ups() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_top_ups_hourly (event_id, hour, location_id, staff_id, device_id, supervisor_id, type,
    payment_type, operations, with_bonus, amount, bonus, money, fee, credited_cash, debited_cash,
    credited_gift, debited_gift, with_bonus_amount, with_money, first_money, last_money, articles)
  SELECT n.event_id, date_bin('1 hour', n.device_time, timestamptz '2000-01-01 00:00:00+00'),
    n.location_id, n.staff_id, n.device_id, n.supervisor_id, n.type, n.payment_type,
    count(*), count(*) FILTER (WHERE n.bonus <> 0), sum(n.amount), sum(n.bonus), sum(n.money), sum(n.fee),
    sum(greatest(n.amount, 0)), sum(greatest(-n.amount, 0)), sum(greatest(n.bonus, 0)), sum(greatest(-n.bonus, 0)),
    coalesce(sum(n.amount) FILTER (WHERE n.bonus <> 0), 0),
    count(*) FILTER (WHERE n.money <> 0 OR n.fee <> 0),
    min(n.device_time) FILTER (WHERE n.money <> 0 OR n.fee <> 0),
    max(n.device_time) FILTER (WHERE n.money <> 0 OR n.fee <> 0),
    sum(report_top_up_articles(n.articles))
  FROM report_new n
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The rows written before: rebuilt from the feed, as compacted rows.
DELETE FROM report_top_ups_hourly;
--> statement-breakpoint
INSERT INTO report_top_ups_hourly (event_id, hour, location_id, staff_id, device_id, supervisor_id, type,
  payment_type, operations, with_bonus, amount, bonus, money, fee, credited_cash, debited_cash,
  credited_gift, debited_gift, with_bonus_amount, with_money, first_money, last_money, articles, compacted)
SELECT event_id, date_bin('1 hour', device_time, timestamptz '2000-01-01 00:00:00+00'), location_id, staff_id,
  device_id, supervisor_id, type, payment_type,
  count(*), count(*) FILTER (WHERE bonus <> 0), sum(amount), sum(bonus), sum(money), sum(fee),
  sum(greatest(amount, 0)), sum(greatest(-amount, 0)), sum(greatest(bonus, 0)), sum(greatest(-bonus, 0)),
  coalesce(sum(amount) FILTER (WHERE bonus <> 0), 0),
  count(*) FILTER (WHERE money <> 0 OR fee <> 0),
  min(device_time) FILTER (WHERE money <> 0 OR fee <> 0),
  max(device_time) FILTER (WHERE money <> 0 OR fee <> 0),
  sum(report_top_up_articles(articles)), true
FROM top_ups
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
