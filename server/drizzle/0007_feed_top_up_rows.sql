DROP INDEX "top_ups_event_operation_uq";--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_event_operation_wristband_uq" ON "top_ups" USING btree ("event_id","operation_id","wristband_id");