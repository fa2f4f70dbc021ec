CREATE TABLE "order_errors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"operation_id" uuid NOT NULL,
	"message" text NOT NULL,
	"seat_name" text,
	"room_id" integer,
	"kitchen_id" integer,
	"staff_id" integer,
	"device_id" integer,
	"location_id" integer,
	"device_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "kitchen_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "room_id" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "seat_name" text;--> statement-breakpoint
ALTER TABLE "order_errors" ADD CONSTRAINT "order_errors_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_errors_event_operation_uq" ON "order_errors" USING btree ("event_id","operation_id");--> statement-breakpoint
CREATE INDEX "order_errors_event_time_idx" ON "order_errors" USING btree ("event_id","device_time");--> statement-breakpoint
CREATE INDEX "sales_event_kitchen_time_idx" ON "sales" USING btree ("event_id","kitchen_id","device_time") WHERE "sales"."kitchen_id" is not null;