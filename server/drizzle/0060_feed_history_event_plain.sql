ALTER TABLE "access_records" DROP CONSTRAINT "access_records_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "order_errors" DROP CONSTRAINT "order_errors_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "presence_records" DROP CONSTRAINT "presence_records_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "processed_operations" DROP CONSTRAINT "processed_operations_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "refused_operations" DROP CONSTRAINT "refused_operations_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "role_recordings" DROP CONSTRAINT "role_recordings_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "sale_lines" DROP CONSTRAINT "sale_lines_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "sale_payments" DROP CONSTRAINT "sale_payments_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "sales" DROP CONSTRAINT "sales_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "sync_batches" DROP CONSTRAINT "sync_batches_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_validations" DROP CONSTRAINT "ticket_validations_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "top_ups" DROP CONSTRAINT "top_ups_event_id_events_id_fk";
--> statement-breakpoint
ALTER TABLE "wristband_changes" DROP CONSTRAINT "wristband_changes_event_id_events_id_fk";
