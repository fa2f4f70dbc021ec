ALTER TABLE "report_articles_hourly" ADD COLUMN "orders" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_articles_hourly" ADD COLUMN "devolutions" bigint DEFAULT 0 NOT NULL;