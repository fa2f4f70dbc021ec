ALTER TABLE "devices" ADD COLUMN "authorized_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "banned_wristband" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "top_ups" ADD COLUMN "banned_wristband" boolean DEFAULT false NOT NULL;