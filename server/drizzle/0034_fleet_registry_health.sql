CREATE SEQUENCE "public"."banned_wristbands_list_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "device_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unassigned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_seq_ranges" (
	"device_id" integer NOT NULL,
	"lo" integer NOT NULL,
	"hi" integer NOT NULL,
	CONSTRAINT "device_seq_ranges_pk" PRIMARY KEY("device_id","lo")
);
--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "app_version" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "app_version_code" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "pending_operations" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "last_seq" integer;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "missing_operations" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "ban_list_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "health_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banned_wristbands" ADD COLUMN "list_version" bigint DEFAULT nextval('banned_wristbands_list_version_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "device_assignments" ADD CONSTRAINT "device_assignments_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_assignments" ADD CONSTRAINT "device_assignments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_seq_ranges" ADD CONSTRAINT "device_seq_ranges_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_assignments_device_idx" ON "device_assignments" USING btree ("device_id","assigned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_n_serie_lower_uq" ON "devices" USING btree (lower("n_serie"));--> statement-breakpoint
CREATE INDEX "banned_wristbands_list_version_idx" ON "banned_wristbands" USING btree ("list_version");