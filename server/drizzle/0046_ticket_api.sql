CREATE TABLE "ticket_import_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"run_id" integer,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"order_code" text NOT NULL,
	"position" jsonb NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"solved_at" timestamp with time zone,
	"solved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_import_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"order_code" text NOT NULL,
	"code" text NOT NULL,
	"ticket_id" integer,
	"digest" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"schedule_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"since" timestamp with time zone,
	"page_generated" timestamp with time zone,
	"next_url" text,
	"pages" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"issues" integer DEFAULT 0 NOT NULL,
	"job_id" text,
	"error" text,
	"report_sent_at" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ticket_import_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"platform" text DEFAULT 'pretix' NOT NULL,
	"base_url" text NOT NULL,
	"organizer" text NOT NULL,
	"platform_event" text NOT NULL,
	"token_cipher" text NOT NULL,
	"mappings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interval_minutes" integer DEFAULT 15 NOT NULL,
	"enabled" smallint DEFAULT 1 NOT NULL,
	"report_email" text,
	"report_email_verified_at" timestamp with time zone,
	"cursor" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_reseller_allocations" (
	"reseller_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "ticket_reseller_allocations_reseller_id_role_id_pk" PRIMARY KEY("reseller_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "ticket_resellers" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "reseller_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "external_code" text;--> statement-breakpoint
ALTER TABLE "schedule_email_tokens" ADD COLUMN "schedule_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_import_issues" ADD CONSTRAINT "ticket_import_issues_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_import_issues" ADD CONSTRAINT "ticket_import_issues_schedule_id_ticket_import_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."ticket_import_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_import_positions" ADD CONSTRAINT "ticket_import_positions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_import_positions" ADD CONSTRAINT "ticket_import_positions_schedule_id_ticket_import_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."ticket_import_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_import_positions" ADD CONSTRAINT "ticket_import_positions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_import_runs" ADD CONSTRAINT "ticket_import_runs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_import_runs" ADD CONSTRAINT "ticket_import_runs_schedule_id_ticket_import_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."ticket_import_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_import_schedules" ADD CONSTRAINT "ticket_import_schedules_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reseller_allocations" ADD CONSTRAINT "ticket_reseller_allocations_reseller_id_ticket_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."ticket_resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reseller_allocations" ADD CONSTRAINT "ticket_reseller_allocations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reseller_allocations" ADD CONSTRAINT "ticket_reseller_allocations_role_id_rols_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."rols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_resellers" ADD CONSTRAINT "ticket_resellers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_import_issues_uq" ON "ticket_import_issues" USING btree ("schedule_id","external_id","kind");--> statement-breakpoint
CREATE INDEX "ticket_import_issues_event_idx" ON "ticket_import_issues" USING btree ("event_id","solved_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_import_positions_uq" ON "ticket_import_positions" USING btree ("schedule_id","external_id");--> statement-breakpoint
CREATE INDEX "ticket_import_positions_ticket_idx" ON "ticket_import_positions" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_import_runs_schedule_idx" ON "ticket_import_runs" USING btree ("schedule_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_import_schedules_event_name_uq" ON "ticket_import_schedules" USING btree ("event_id",lower("name"));--> statement-breakpoint
CREATE INDEX "ticket_import_schedules_due_idx" ON "ticket_import_schedules" USING btree ("next_run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_resellers_event_name_uq" ON "ticket_resellers" USING btree ("event_id",lower("name"));--> statement-breakpoint
ALTER TABLE "schedule_email_tokens" ADD CONSTRAINT "schedule_email_tokens_schedule_id_ticket_import_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."ticket_import_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_event_external_code_uq" ON "tickets" USING btree ("event_id","external_code") WHERE "tickets"."external_code" is not null;--> statement-breakpoint
CREATE INDEX "tickets_event_reseller_idx" ON "tickets" USING btree ("event_id","reseller_id");