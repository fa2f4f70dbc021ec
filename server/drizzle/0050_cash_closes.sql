CREATE TABLE "cash_closes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"operation_id" uuid NOT NULL,
	"staff_id" integer NOT NULL,
	"location_id" integer,
	"device_id" integer NOT NULL,
	"expected" integer NOT NULL,
	"counted" integer NOT NULL,
	"closed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cash_closes" ADD CONSTRAINT "cash_closes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_closes_event_operation_uq" ON "cash_closes" USING btree ("event_id","operation_id");--> statement-breakpoint
CREATE INDEX "cash_closes_event_staff_idx" ON "cash_closes" USING btree ("event_id","staff_id","closed_at");