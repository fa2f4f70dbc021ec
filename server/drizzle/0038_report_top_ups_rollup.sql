ALTER TABLE "report_top_ups_hourly" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "supervisor_id" integer;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "credited_cash" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "debited_cash" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "credited_gift" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "debited_gift" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "with_bonus_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "with_money" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "first_money" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "last_money" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_top_ups_hourly" ADD COLUMN "articles" bigint DEFAULT 0 NOT NULL;