CREATE TABLE "report_wristband_days" (
	"event_id" integer NOT NULL,
	"day" date NOT NULL,
	"wristband_id" integer NOT NULL,
	CONSTRAINT "report_wristband_days_event_id_day_wristband_id_pk" PRIMARY KEY("event_id","day","wristband_id")
);
--> statement-breakpoint
ALTER TABLE "report_wristband_days" ADD CONSTRAINT "report_wristband_days_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;