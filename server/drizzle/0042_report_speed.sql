CREATE TABLE "report_article_totals_hourly" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"article_id" integer NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"gifts" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_wristband_day_counts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"day" date NOT NULL,
	"wristbands" bigint DEFAULT 0 NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "supervisor_id" integer;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "credited_cash" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "debited_cash" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "credited_gift" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "debited_gift" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "with_bonus_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "with_money" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "first_money" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "last_money" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "articles" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_article_totals_hourly" ADD CONSTRAINT "report_article_totals_hourly_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_wristband_day_counts" ADD CONSTRAINT "report_wristband_day_counts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_article_totals_hourly_event_hour_idx" ON "report_article_totals_hourly" USING btree ("event_id","hour");--> statement-breakpoint
CREATE INDEX "report_article_totals_hourly_delta_idx" ON "report_article_totals_hourly" USING btree ("event_id","hour") WHERE not "report_article_totals_hourly"."compacted";--> statement-breakpoint
CREATE INDEX "report_wristband_day_counts_event_day_idx" ON "report_wristband_day_counts" USING btree ("event_id","day");--> statement-breakpoint
CREATE INDEX "report_wristband_day_counts_delta_idx" ON "report_wristband_day_counts" USING btree ("event_id","day") WHERE not "report_wristband_day_counts"."compacted";--> statement-breakpoint
CREATE INDEX "tickets_code_trgm" ON "tickets" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "top_ups_event_complement_idx" ON "top_ups" USING btree ("event_id","device_time") WHERE "top_ups"."type" in ('AV', 'AV-WA', 'RV-WA');--> statement-breakpoint
CREATE INDEX "wristbands_event_first_seen_idx" ON "wristbands" USING btree ("event_id","first_seen_at") WHERE "wristbands"."first_seen_at" is not null;