CREATE TABLE "report_wristband_day_counts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"day" date NOT NULL,
	"wristbands" bigint DEFAULT 0 NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_wristband_day_counts" ADD CONSTRAINT "report_wristband_day_counts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_wristband_day_counts_event_day_idx" ON "report_wristband_day_counts" USING btree ("event_id","day");--> statement-breakpoint
CREATE INDEX "report_wristband_day_counts_delta_idx" ON "report_wristband_day_counts" USING btree ("event_id","day") WHERE not "report_wristband_day_counts"."compacted";--> statement-breakpoint
CREATE INDEX "wristbands_event_first_seen_idx" ON "wristbands" USING btree ("event_id","first_seen_at") WHERE "wristbands"."first_seen_at" is not null;