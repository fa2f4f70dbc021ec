-- The wristband balances gain the wristbands report's keys (schema/report-rollups.ts
-- `report_wristband_balances`): per event, balance range (width_bucket of cash + gift over the bounds of
-- BALANCE_RANGES in contracts/src/reports/wristbands.ts, written out below: a change there needs a
-- migration that rewrites these functions and rebuilds the table), `active` and the signs of cash and
-- gift, the wristbands counted and their Σ cash and Σ gift. The same three statement-level triggers on
-- wristbands keep it (inserted rows add, deleted rows subtract unless their event is being deleted,
-- updated rows add new minus old per key); the rows are rebuilt from the wristbands at the end.
DELETE FROM "report_wristband_balances";--> statement-breakpoint
ALTER TABLE "report_wristband_balances" ALTER COLUMN "active" SET DATA TYPE smallint;--> statement-breakpoint
ALTER TABLE "report_wristband_balances" ALTER COLUMN "active" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "report_wristband_balances" ADD COLUMN "bucket" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "report_wristband_balances" ADD COLUMN "cash_sign" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "report_wristband_balances" ADD COLUMN "gift_sign" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "report_wristband_balances" ADD COLUMN "wristbands" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_wristband_balances" DROP COLUMN "with_balance";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_wristband_balances_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_wristband_balances (event_id, bucket, active, cash_sign, gift_sign, wristbands, cash, gift)
  SELECT n.event_id, width_bucket(n.cash + n.gift, ARRAY[0, 1, 500, 1000, 2000, 5000, 10000]), n.active,
    ((n.cash > 0)::int - (n.cash < 0)::int), ((n.gift > 0)::int - (n.gift < 0)::int), count(*), sum(n.cash), sum(n.gift)
  FROM report_wb_new n
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_wristband_balances_update() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_wristband_balances (event_id, bucket, active, cash_sign, gift_sign, wristbands, cash, gift)
  SELECT x.event_id, x.bucket, x.active, x.cash_sign, x.gift_sign, sum(x.n), sum(x.cash), sum(x.gift)
  FROM (
    SELECT n.event_id, width_bucket(n.cash + n.gift, ARRAY[0, 1, 500, 1000, 2000, 5000, 10000]) AS bucket,
      n.active, ((n.cash > 0)::int - (n.cash < 0)::int) AS cash_sign, ((n.gift > 0)::int - (n.gift < 0)::int) AS gift_sign, 1 AS n, n.cash::bigint AS cash,
      n.gift::bigint AS gift
    FROM report_wb_new n
    UNION ALL
    SELECT o.event_id, width_bucket(o.cash + o.gift, ARRAY[0, 1, 500, 1000, 2000, 5000, 10000]), o.active,
      ((o.cash > 0)::int - (o.cash < 0)::int), ((o.gift > 0)::int - (o.gift < 0)::int), -1, -o.cash, -o.gift
    FROM report_wb_old o
  ) x
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(x.n) <> 0 OR sum(x.cash) <> 0 OR sum(x.gift) <> 0;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_wristband_balances_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_wristband_balances (event_id, bucket, active, cash_sign, gift_sign, wristbands, cash, gift)
  SELECT o.event_id, width_bucket(o.cash + o.gift, ARRAY[0, 1, 500, 1000, 2000, 5000, 10000]), o.active,
    ((o.cash > 0)::int - (o.cash < 0)::int), ((o.gift > 0)::int - (o.gift < 0)::int), -count(*), -sum(o.cash), -sum(o.gift)
  FROM report_wb_old o
  WHERE EXISTS (SELECT 1 FROM events e WHERE e.id = o.event_id)
  GROUP BY 1, 2, 3, 4, 5;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
INSERT INTO report_wristband_balances (event_id, bucket, active, cash_sign, gift_sign, wristbands, cash, gift, compacted)
SELECT event_id, width_bucket(cash + gift, ARRAY[0, 1, 500, 1000, 2000, 5000, 10000]), active, ((cash > 0)::int - (cash < 0)::int),
  ((gift > 0)::int - (gift < 0)::int), count(*), sum(cash), sum(gift), true
FROM wristbands
GROUP BY 1, 2, 3, 4, 5;
