DROP INDEX "sales_event_addon_idx";--> statement-breakpoint
DROP INDEX "tickets_customer_idx";--> statement-breakpoint
DROP INDEX "top_ups_event_addon_idx";--> statement-breakpoint
DROP INDEX "top_ups_event_complement_idx";--> statement-breakpoint
CREATE INDEX "sales_event_addon_idx" ON "sales" USING btree ("event_id","addon_id","device_time","staff_id","is_devolution") WHERE "sales"."addon_id" is not null;--> statement-breakpoint
CREATE INDEX "tickets_customer_idx" ON "tickets" USING btree ("customer_id","event_id","code");--> statement-breakpoint
CREATE INDEX "top_ups_event_addon_idx" ON "top_ups" USING btree ("event_id","addon_id","device_time","staff_id","type") WHERE "top_ups"."addon_id" is not null;--> statement-breakpoint
CREATE INDEX "top_ups_event_complement_idx" ON "top_ups" USING btree ("event_id","device_time","type","addon_id","wristband_id","amount","bonus") WHERE "top_ups"."type" in ('AV', 'AV-WA', 'RV-WA');