-- Units, gifts and amount per hour and article (schema/report-rollups.ts
-- `report_article_totals_hourly`), kept from report_articles_hourly itself: every statement that
-- inserts rows there adds their sums, every statement that deletes rows (the compaction, which
-- inserts their merged sum in the same statement) subtracts them, in the same transaction. Rows of an
-- event being deleted are not counted (its totals go with it).
CREATE OR REPLACE FUNCTION report_article_totals_insert() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_article_totals_hourly (event_id, hour, article_id, quantity, gifts, amount)
  SELECT n.event_id, n.hour, n.article_id, sum(n.quantity), sum(n.gifts), sum(n.amount)
  FROM report_at_new n GROUP BY 1, 2, 3;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_article_totals_delete() RETURNS trigger AS $$
BEGIN
  INSERT INTO report_article_totals_hourly (event_id, hour, article_id, quantity, gifts, amount)
  SELECT o.event_id, o.hour, o.article_id, -sum(o.quantity), -sum(o.gifts), -sum(o.amount)
  FROM report_at_old o
  WHERE EXISTS (SELECT 1 FROM events e WHERE e.id = o.event_id)
  GROUP BY 1, 2, 3;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER report_article_totals_insert AFTER INSERT ON report_articles_hourly
  REFERENCING NEW TABLE AS report_at_new FOR EACH STATEMENT EXECUTE FUNCTION report_article_totals_insert();
--> statement-breakpoint
CREATE TRIGGER report_article_totals_delete AFTER DELETE ON report_articles_hourly
  REFERENCING OLD TABLE AS report_at_old FOR EACH STATEMENT EXECUTE FUNCTION report_article_totals_delete();
--> statement-breakpoint
-- What the articles rollup already holds, as compacted rows.
INSERT INTO report_article_totals_hourly (event_id, hour, article_id, quantity, gifts, amount, compacted)
SELECT event_id, hour, article_id, sum(quantity), sum(gifts), sum(amount), true
FROM report_articles_hourly GROUP BY 1, 2, 3;
