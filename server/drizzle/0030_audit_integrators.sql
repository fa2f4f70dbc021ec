CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"integrator_id" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"last_used_ip" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"audit_id" bigint NOT NULL,
	"table_name" text NOT NULL,
	"op" text NOT NULL,
	"row_id" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"user_id" integer,
	"user_email" text,
	"integrator_id" integer,
	"integrator_name" text,
	"api_key_id" integer,
	"ip" text,
	"event_id" integer,
	"method" text,
	"route" text,
	"screen" text,
	"action" text NOT NULL,
	"entity" text,
	"entity_id" text,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "integrator_events" (
	"integrator_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"permissions" integer[] NOT NULL,
	CONSTRAINT "integrator_events_integrator_id_event_id_pk" PRIMARY KEY("integrator_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "integrators" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_integrator_id_integrators_id_fk" FOREIGN KEY ("integrator_id") REFERENCES "public"."integrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrator_events" ADD CONSTRAINT "integrator_events_integrator_id_integrators_id_fk" FOREIGN KEY ("integrator_id") REFERENCES "public"."integrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrator_events" ADD CONSTRAINT "integrator_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_prefix_uq" ON "api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "api_keys_integrator_idx" ON "api_keys" USING btree ("integrator_id");--> statement-breakpoint
CREATE INDEX "audit_changes_audit_idx" ON "audit_changes" USING btree ("audit_id");--> statement-breakpoint
CREATE INDEX "audit_changes_row_idx" ON "audit_changes" USING btree ("table_name","row_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_event_at_idx" ON "audit_log" USING btree ("event_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_integrator_idx" ON "audit_log" USING btree ("integrator_id");--> statement-breakpoint
CREATE INDEX "integrator_events_event_idx" ON "integrator_events" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integrators_name_uq" ON "integrators" USING btree (lower("name"));