CREATE TABLE "app_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"file_kind" text NOT NULL,
	"bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"channel" text NOT NULL,
	"version_code" integer NOT NULL,
	"version_name" text NOT NULL,
	"package_name" text NOT NULL,
	"min_sdk" integer,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enabled_at" timestamp with time zone,
	"enabled_by" integer
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"letter" text PRIMARY KEY NOT NULL,
	"labels" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_stock_control" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_wristbands" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"n_serie" text NOT NULL,
	"code_check" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wristband_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"event_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_enabled_by_users_id_fk" FOREIGN KEY ("enabled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_stock_control" ADD CONSTRAINT "event_stock_control_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_stock_control" ADD CONSTRAINT "event_stock_control_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_wristbands" ADD CONSTRAINT "stock_wristbands_lot_id_wristband_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."wristband_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wristband_lots" ADD CONSTRAINT "wristband_lots_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wristband_lots" ADD CONSTRAINT "wristband_lots_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_versions_storage_key_uq" ON "app_versions" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "app_versions_channel_enabled_idx" ON "app_versions" USING btree ("channel","enabled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_wristbands_serial_uq" ON "stock_wristbands" USING btree ("n_serie");--> statement-breakpoint
CREATE INDEX "stock_wristbands_lot_idx" ON "stock_wristbands" USING btree ("lot_id","id");--> statement-breakpoint
CREATE INDEX "stock_wristbands_serial_prefix_idx" ON "stock_wristbands" USING btree ("n_serie" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "stock_wristbands_code_idx" ON "stock_wristbands" USING btree ("code_check");--> statement-breakpoint
CREATE UNIQUE INDEX "wristband_lots_name_uq" ON "wristband_lots" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "wristband_lots_event_idx" ON "wristband_lots" USING btree ("event_id");