CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"base_price" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_param_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"param_id" integer NOT NULL,
	"id_location" integer,
	"id_device" integer,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_params" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"param_id" integer NOT NULL,
	"value" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_teams" (
	"event_id" integer NOT NULL,
	"team_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"name" text NOT NULL,
	"date_start" timestamp with time zone NOT NULL,
	"date_end" timestamp with time zone NOT NULL,
	"operations_start" timestamp with time zone,
	"operations_end" timestamp with time zone,
	"language" text DEFAULT 'es' NOT NULL,
	"currency_id" integer,
	"promoter_id" integer,
	"fiscal_percent" double precision,
	"vat" double precision,
	"fiscal_name" text,
	"nif" text,
	"business_type_id" text DEFAULT 'FE' NOT NULL,
	"timezone" text DEFAULT 'Europe/Madrid' NOT NULL,
	"offset_hours" double precision DEFAULT 0 NOT NULL,
	"local_currency_id" integer,
	"local_currency_rate" double precision DEFAULT 1 NOT NULL,
	"fee_reusable_tag" integer,
	"refund_balance_when_reusable_tag" smallint DEFAULT 0 NOT NULL,
	"subdomain" text,
	"trusts" text,
	"is_active" smallint DEFAULT 1 NOT NULL,
	"is_closed" smallint DEFAULT 0 NOT NULL,
	"website" text,
	"slug" text,
	"message_originator" text,
	"event_vat" double precision,
	"cash_label" text DEFAULT 'cash' NOT NULL,
	"external_analytics" smallint DEFAULT 0 NOT NULL,
	"external_analytics_id" text,
	"team_id" integer,
	"services_online_date_start" timestamp with time zone,
	"services_online_date_end" timestamp with time zone,
	"picture_sponsor_id" integer,
	"picture_sponsor_url" text,
	"picture_receipt_logo_id" integer,
	"picture_receipt_logo_url" text,
	"province_id" integer,
	"enabled_api_bebe_rapid" smallint DEFAULT 0 NOT NULL,
	"queue_sync_loggables" smallint DEFAULT 0 NOT NULL,
	"tag_counters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"capacity_log" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_params" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_unique" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"default_value" text NOT NULL,
	"id_app" integer,
	"module" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_financial" boolean DEFAULT false NOT NULL,
	"symbol" text NOT NULL,
	"iso" text NOT NULL,
	"fraction" double precision DEFAULT 0.01 NOT NULL,
	"event_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" serial PRIMARY KEY NOT NULL,
	"iso" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promoters" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"external_analytics" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pos_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"location_id" integer,
	"state_id" text NOT NULL,
	"requested_by" integer,
	"code" text,
	"enabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_email_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_event_permissions" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"permissions" integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"password_hash" text NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"is_mega_admin" boolean DEFAULT false NOT NULL,
	"is_users_admin" boolean DEFAULT false NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"never_changed_password" boolean DEFAULT true NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"session_version" integer DEFAULT 1 NOT NULL,
	"otp_enabled" boolean DEFAULT false NOT NULL,
	"otp_secret" text,
	"disabled" boolean DEFAULT false NOT NULL,
	"date_inactive" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banned_wristbands" (
	"id" serial PRIMARY KEY NOT NULL,
	"n_serie" text NOT NULL,
	"code_check" text,
	"notes" text,
	"enabled" smallint DEFAULT 0 NOT NULL,
	"enabled_top_ups" smallint DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_param_exceptions" ADD CONSTRAINT "event_param_exceptions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_param_exceptions" ADD CONSTRAINT "event_param_exceptions_param_id_app_params_id_fk" FOREIGN KEY ("param_id") REFERENCES "public"."app_params"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_params" ADD CONSTRAINT "event_params_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_params" ADD CONSTRAINT "event_params_param_id_app_params_id_fk" FOREIGN KEY ("param_id") REFERENCES "public"."app_params"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_teams" ADD CONSTRAINT "event_teams_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_teams" ADD CONSTRAINT "event_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_promoter_id_promoters_id_fk" FOREIGN KEY ("promoter_id") REFERENCES "public"."promoters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_local_currency_id_currencies_id_fk" FOREIGN KEY ("local_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_province_id_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_params" ADD CONSTRAINT "app_params_id_app_applications_id_fk" FOREIGN KEY ("id_app") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_authorizations" ADD CONSTRAINT "pos_authorizations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_authorizations" ADD CONSTRAINT "pos_authorizations_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_email_tokens" ADD CONSTRAINT "schedule_email_tokens_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event_permissions" ADD CONSTRAINT "user_event_permissions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event_permissions" ADD CONSTRAINT "user_event_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banned_wristbands" ADD CONSTRAINT "banned_wristbands_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_event_idx" ON "articles" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_param_exceptions_uq" ON "event_param_exceptions" USING btree ("event_id","param_id",coalesce("id_location", 0),coalesce("id_device", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "event_params_uq" ON "event_params" USING btree ("event_id","param_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_teams_uq" ON "event_teams" USING btree ("event_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "events_token_uq" ON "events" USING btree ("token");--> statement-breakpoint
CREATE INDEX "events_dates_idx" ON "events" USING btree ("date_start","date_end");--> statement-breakpoint
CREATE INDEX "events_name_lower_idx" ON "events" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "app_params_name_unique_uq" ON "app_params" USING btree ("name_unique");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_iso_event_uq" ON "currencies" USING btree ("iso",coalesce("event_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "languages_iso_uq" ON "languages" USING btree ("iso");--> statement-breakpoint
CREATE UNIQUE INDEX "promoters_name_uq" ON "promoters" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_uq" ON "teams" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "pos_authorizations_state_uq" ON "pos_authorizations" USING btree ("state_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_email_tokens_hash_uq" ON "schedule_email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "user_event_permissions_uq" ON "user_event_permissions" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "uep_user_idx" ON "user_event_permissions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "banned_wristbands_serial_uq" ON "banned_wristbands" USING btree ("n_serie");