CREATE TABLE "permission_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"permissions" integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_email_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_event_roles" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "otp_last_step" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "otp_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "otp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_email_tokens" ADD CONSTRAINT "user_email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event_roles" ADD CONSTRAINT "user_event_roles_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event_roles" ADD CONSTRAINT "user_event_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_event_roles" ADD CONSTRAINT "user_event_roles_role_id_permission_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."permission_roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_recovery_codes" ADD CONSTRAINT "user_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "permission_roles_name_lower_uq" ON "permission_roles" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_email_tokens_hash_uq" ON "user_email_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "uet_user_idx" ON "user_email_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_event_roles_uq" ON "user_event_roles" USING btree ("event_id","user_id","role_id");--> statement-breakpoint
CREATE INDEX "uer_user_idx" ON "user_event_roles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "uer_role_idx" ON "user_event_roles" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_recovery_codes_uq" ON "user_recovery_codes" USING btree ("user_id","code_hash");