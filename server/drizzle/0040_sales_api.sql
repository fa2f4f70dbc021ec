CREATE TABLE "sales_auth_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state_hash" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_pushes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"store_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"devolutions" integer DEFAULT 0 NOT NULL,
	"remote_id" text,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_pushes_status_ck" CHECK ("sales_pushes"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sales_schedule_locations" (
	"schedule_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"store_id" text NOT NULL,
	"store_name" text DEFAULT '' NOT NULL,
	CONSTRAINT "sales_schedule_locations_schedule_id_location_id_pk" PRIMARY KEY("schedule_id","location_id")
);
--> statement-breakpoint
CREATE TABLE "sales_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"authorize_url" text NOT NULL,
	"token_url" text NOT NULL,
	"api_base_url" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_enc" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"period" text NOT NULL,
	"start_at" timestamp with time zone,
	"enabled" boolean DEFAULT false NOT NULL,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"token_expires_at" timestamp with time zone,
	"authorized_at" timestamp with time zone,
	"authorized_by" integer,
	"next_period_start" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_schedules_period_ck" CHECK ("sales_schedules"."period" in ('hour', 'day'))
);
--> statement-breakpoint
ALTER TABLE "sales_auth_states" ADD CONSTRAINT "sales_auth_states_schedule_id_sales_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."sales_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_auth_states" ADD CONSTRAINT "sales_auth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_pushes" ADD CONSTRAINT "sales_pushes_schedule_id_sales_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."sales_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_pushes" ADD CONSTRAINT "sales_pushes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_pushes" ADD CONSTRAINT "sales_pushes_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_schedule_locations" ADD CONSTRAINT "sales_schedule_locations_schedule_id_sales_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."sales_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_schedule_locations" ADD CONSTRAINT "sales_schedule_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_schedules" ADD CONSTRAINT "sales_schedules_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_schedules" ADD CONSTRAINT "sales_schedules_authorized_by_users_id_fk" FOREIGN KEY ("authorized_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_auth_states_hash_uq" ON "sales_auth_states" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "sales_auth_states_schedule_idx" ON "sales_auth_states" USING btree ("schedule_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_pushes_slot_uq" ON "sales_pushes" USING btree ("schedule_id","period_start","location_id");--> statement-breakpoint
CREATE INDEX "sales_pushes_event_idx" ON "sales_pushes" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "sales_schedules_event_idx" ON "sales_schedules" USING btree ("event_id");