CREATE TABLE "capacity_log" (
	"event_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"occupancy" integer NOT NULL,
	"entries" integer NOT NULL,
	"exits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capacity_log_pk" PRIMARY KEY("event_id","zone_id","slot")
);
--> statement-breakpoint
CREATE TABLE "capacity_log_slots" (
	"event_id" integer NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"zones" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "capacity_log_slots_pk" PRIMARY KEY("event_id","slot")
);
--> statement-breakpoint
ALTER TABLE "capacity_log" ADD CONSTRAINT "capacity_log_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_log_slots" ADD CONSTRAINT "capacity_log_slots_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "capacity_log_event_slot_idx" ON "capacity_log" USING btree ("event_id","slot");--> statement-breakpoint
CREATE INDEX "access_records_event_zone_from_time_idx" ON "access_records" USING btree ("event_id","zone_from","date_local");--> statement-breakpoint
CREATE INDEX "ticket_validations_event_ticket_idx" ON "ticket_validations" USING btree ("event_id","ticket_id");