ALTER TABLE "sales" ADD COLUMN "addon_id" integer;--> statement-breakpoint
ALTER TABLE "top_ups" ADD COLUMN "addon_id" integer;--> statement-breakpoint
CREATE INDEX "sales_event_addon_idx" ON "sales" USING btree ("event_id","addon_id","device_time") WHERE "sales"."addon_id" is not null;--> statement-breakpoint
CREATE INDEX "top_ups_event_addon_idx" ON "top_ups" USING btree ("event_id","addon_id","device_time") WHERE "top_ups"."addon_id" is not null;