CREATE TABLE "report_metre_hourly" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"kitchen_id" integer NOT NULL,
	"room_id" integer,
	"staff_id" integer,
	"orders" bigint DEFAULT 0 NOT NULL,
	"devolutions" bigint DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"gifts" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_metre_hourly" ADD CONSTRAINT "report_metre_hourly_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_metre_hourly_event_hour_idx" ON "report_metre_hourly" USING btree ("event_id","hour");--> statement-breakpoint
CREATE INDEX "report_metre_hourly_delta_idx" ON "report_metre_hourly" USING btree ("event_id","hour") WHERE not "report_metre_hourly"."compacted";