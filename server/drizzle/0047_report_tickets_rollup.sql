CREATE TABLE "report_tickets_hourly" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"role_id" integer,
	"sold" bigint DEFAULT 0 NOT NULL,
	"cancelled" bigint DEFAULT 0 NOT NULL,
	"validated" bigint DEFAULT 0 NOT NULL,
	"validations" bigint DEFAULT 0 NOT NULL,
	"repeated" bigint DEFAULT 0 NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_wristband_balances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"cash" bigint DEFAULT 0 NOT NULL,
	"gift" bigint DEFAULT 0 NOT NULL,
	"active" bigint DEFAULT 0 NOT NULL,
	"with_balance" bigint DEFAULT 0 NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_tickets_hourly" ADD CONSTRAINT "report_tickets_hourly_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_wristband_balances" ADD CONSTRAINT "report_wristband_balances_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_tickets_hourly_event_hour_idx" ON "report_tickets_hourly" USING btree ("event_id","hour");--> statement-breakpoint
CREATE INDEX "report_tickets_hourly_delta_idx" ON "report_tickets_hourly" USING btree ("event_id","hour") WHERE not "report_tickets_hourly"."compacted";--> statement-breakpoint
CREATE INDEX "report_wristband_balances_event_idx" ON "report_wristband_balances" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "report_wristband_balances_delta_idx" ON "report_wristband_balances" USING btree ("event_id") WHERE not "report_wristband_balances"."compacted";--> statement-breakpoint
CREATE INDEX "tickets_event_sold_at_idx" ON "tickets" USING btree ("event_id",least("created_at", coalesce("date_validation", "created_at")));--> statement-breakpoint
CREATE INDEX "tickets_event_date_validation_idx" ON "tickets" USING btree ("event_id","date_validation");