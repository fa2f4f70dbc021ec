CREATE TABLE "payout_accounts" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text,
	"concept_template" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_run_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"refund_id" integer NOT NULL,
	"name" text NOT NULL,
	"iban" text NOT NULL,
	"bic" text,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"transfer" integer NOT NULL,
	"concept" text NOT NULL,
	"end_to_end_id" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"wristband_id" integer,
	"paid_operation_id" uuid,
	"reject_reason" text,
	"rejected_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"message_id" text NOT NULL,
	"status" text DEFAULT 'generated' NOT NULL,
	"pain_format" text NOT NULL,
	"execution_date" date NOT NULL,
	"count" integer NOT NULL,
	"total" bigint NOT NULL,
	"xml" text NOT NULL,
	"selection" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	CONSTRAINT "payout_runs_status_ck" CHECK ("payout_runs"."status" in ('generated', 'sent', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD COLUMN "run_id" integer;--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_run_items" ADD CONSTRAINT "payout_run_items_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_run_items" ADD CONSTRAINT "payout_run_items_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_run_items" ADD CONSTRAINT "payout_run_items_refund_id_customer_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."customer_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_run_items_run_idx" ON "payout_run_items" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_run_items_live_refund_uq" ON "payout_run_items" USING btree ("refund_id") WHERE "payout_run_items"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "payout_runs_message_uq" ON "payout_runs" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "payout_runs_event_idx" ON "payout_runs" USING btree ("event_id","id");--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD CONSTRAINT "customer_refunds_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_refunds_event_status_idx" ON "customer_refunds" USING btree ("event_id","status","created_at");--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD CONSTRAINT "customer_refunds_status_ck" CHECK ("customer_refunds"."status" in ('pending', 'inRun', 'paid', 'rejected'));