ALTER TABLE "access_records" DROP CONSTRAINT "access_records_wristband_id_wristbands_id_fk";
--> statement-breakpoint
ALTER TABLE "access_records" DROP CONSTRAINT "access_records_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_wristband_id_wristbands_id_fk";
--> statement-breakpoint
ALTER TABLE "presence_records" DROP CONSTRAINT "presence_records_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "processed_operations" DROP CONSTRAINT "processed_operations_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "refused_operations" DROP CONSTRAINT "refused_operations_batch_id_sync_batches_id_fk";
--> statement-breakpoint
ALTER TABLE "refused_operations" DROP CONSTRAINT "refused_operations_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "role_recordings" DROP CONSTRAINT "role_recordings_wristband_id_wristbands_id_fk";
--> statement-breakpoint
ALTER TABLE "role_recordings" DROP CONSTRAINT "role_recordings_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "sale_lines" DROP CONSTRAINT "sale_lines_sale_id_sales_id_fk";
--> statement-breakpoint
ALTER TABLE "sale_payments" DROP CONSTRAINT "sale_payments_sale_id_sales_id_fk";
--> statement-breakpoint
ALTER TABLE "sale_payments" DROP CONSTRAINT "sale_payments_wristband_id_wristbands_id_fk";
--> statement-breakpoint
ALTER TABLE "sales" DROP CONSTRAINT "sales_wristband_id_wristbands_id_fk";
--> statement-breakpoint
ALTER TABLE "sales" DROP CONSTRAINT "sales_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "sync_batches" DROP CONSTRAINT "sync_batches_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_validations" DROP CONSTRAINT "ticket_validations_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_validations" DROP CONSTRAINT "ticket_validations_wristband_id_wristbands_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_validations" DROP CONSTRAINT "ticket_validations_customer_id_customers_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_validations" DROP CONSTRAINT "ticket_validations_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "top_ups" DROP CONSTRAINT "top_ups_wristband_id_wristbands_id_fk";
--> statement-breakpoint
ALTER TABLE "top_ups" DROP CONSTRAINT "top_ups_device_id_devices_id_fk";
--> statement-breakpoint
ALTER TABLE "wristband_changes" DROP CONSTRAINT "wristband_changes_source_wristband_id_wristbands_id_fk";
--> statement-breakpoint
ALTER TABLE "wristband_changes" DROP CONSTRAINT "wristband_changes_end_wristband_id_wristbands_id_fk";
--> statement-breakpoint
ALTER TABLE "wristband_changes" DROP CONSTRAINT "wristband_changes_device_id_devices_id_fk";
