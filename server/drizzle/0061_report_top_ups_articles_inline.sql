-- The top-ups rollup trigger counts the units of a top-up's articles with the expression written out
-- instead of calling report_top_up_articles() once per row: a SQL function whose body holds a
-- subquery is not inlined, and each call went through the function executor (sum over 50,000 rows:
-- 240 ms with the call, 15 ms written out, on this project's PostgreSQL 15). Same result: 0 for what
-- is not a JSON array or is empty, else the sum of its elements' `quantity`. Nothing calls the
-- function any more (the top-ups report's reads of raw rows write the expression out too: `topUpArticles`
-- in reports/rollups/rollups.ts): it is dropped.
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
    sum(CASE WHEN jsonb_typeof(n.articles) IS DISTINCT FROM 'array' THEN 0
      WHEN jsonb_array_length(n.articles) = 0 THEN 0
      ELSE (SELECT coalesce(sum((e->>'quantity')::int), 0) FROM jsonb_array_elements(n.articles) e) END)
  FROM report_new n
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP FUNCTION report_top_up_articles(jsonb);
