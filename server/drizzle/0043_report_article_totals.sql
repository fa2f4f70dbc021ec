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
ALTER TABLE "report_article_totals_hourly" ADD CONSTRAINT "report_article_totals_hourly_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_article_totals_hourly_event_hour_idx" ON "report_article_totals_hourly" USING btree ("event_id","hour");--> statement-breakpoint
CREATE INDEX "report_article_totals_hourly_delta_idx" ON "report_article_totals_hourly" USING btree ("event_id","hour") WHERE not "report_article_totals_hourly"."compacted";