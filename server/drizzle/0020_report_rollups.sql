CREATE TABLE "report_access_hourly" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"zone_from" integer,
	"zone_to" integer,
	"acceso" text NOT NULL,
	"passages" bigint DEFAULT 0 NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_articles_hourly" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"location_id" integer,
	"staff_id" integer,
	"article_id" integer NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"gifts" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_sales_hourly" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"location_id" integer,
	"staff_id" integer,
	"orders" bigint DEFAULT 0 NOT NULL,
	"devolutions" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"pay_s" bigint DEFAULT 0 NOT NULL,
	"pay_b" bigint DEFAULT 0 NOT NULL,
	"pay_t" bigint DEFAULT 0 NOT NULL,
	"pay_o" bigint DEFAULT 0 NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_top_ups_hourly" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"location_id" integer,
	"staff_id" integer,
	"type" text NOT NULL,
	"payment_type" text,
	"operations" bigint DEFAULT 0 NOT NULL,
	"with_bonus" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"money" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_access_hourly" ADD CONSTRAINT "report_access_hourly_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_articles_hourly" ADD CONSTRAINT "report_articles_hourly_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_sales_hourly" ADD CONSTRAINT "report_sales_hourly_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD CONSTRAINT "report_top_ups_hourly_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_access_hourly_event_hour_idx" ON "report_access_hourly" USING btree ("event_id","hour");--> statement-breakpoint
CREATE INDEX "report_access_hourly_delta_idx" ON "report_access_hourly" USING btree ("event_id","hour") WHERE not "report_access_hourly"."compacted";--> statement-breakpoint
CREATE INDEX "report_articles_hourly_event_hour_idx" ON "report_articles_hourly" USING btree ("event_id","hour");--> statement-breakpoint
CREATE INDEX "report_articles_hourly_delta_idx" ON "report_articles_hourly" USING btree ("event_id","hour") WHERE not "report_articles_hourly"."compacted";--> statement-breakpoint
CREATE INDEX "report_sales_hourly_event_hour_idx" ON "report_sales_hourly" USING btree ("event_id","hour");--> statement-breakpoint
CREATE INDEX "report_sales_hourly_delta_idx" ON "report_sales_hourly" USING btree ("event_id","hour") WHERE not "report_sales_hourly"."compacted";--> statement-breakpoint
CREATE INDEX "report_top_ups_hourly_event_hour_idx" ON "report_top_ups_hourly" USING btree ("event_id","hour");--> statement-breakpoint
CREATE INDEX "report_top_ups_hourly_delta_idx" ON "report_top_ups_hourly" USING btree ("event_id","hour") WHERE not "report_top_ups_hourly"."compacted";