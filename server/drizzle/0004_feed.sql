CREATE TABLE "kiosk_buttons" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"description_es" text NOT NULL,
	"description_en" text NOT NULL,
	"top_up_amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"operation_id" uuid NOT NULL,
	"wristband_id" integer,
	"ticket_code" text,
	"acceso" text NOT NULL,
	"zone_from" integer,
	"zone_to" integer,
	"gate_id" integer,
	"last_zone" integer,
	"role_id" integer,
	"staff_id" integer,
	"device_id" integer,
	"date_local" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_records_acceso_ck" CHECK ("access_records"."acceso" in ('S', 'W', 'NT', 'ND', 'NC', 'NI'))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text,
	"email" text,
	"ticket_code" text,
	"localizer" text,
	"iban" text,
	"registered" smallint DEFAULT 0 NOT NULL,
	"date_insert" timestamp with time zone DEFAULT now() NOT NULL,
	"date_validation" timestamp with time zone,
	"date_inactive" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"n_serie" text NOT NULL,
	"model" text,
	"description" text,
	"notes" text,
	"type" text DEFAULT 'PDA' NOT NULL,
	"owner" text,
	"date_inactive" timestamp with time zone,
	"secret_key_hash" text,
	"token_version" integer DEFAULT 1 NOT NULL,
	"configured" smallint DEFAULT 0 NOT NULL,
	"assigned_event_id" integer,
	"last_contact_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_type_ck" CHECK ("devices"."type" in ('PDA', 'CASH_KIOSK', 'CARD_KIOSK', 'ACCESS_TOTEM', 'VENDING'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"wristband_id" integer NOT NULL,
	"operation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"cash_delta" integer NOT NULL,
	"gift_delta" integer NOT NULL,
	"cash_after" integer NOT NULL,
	"gift_after" integer NOT NULL,
	"device_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "presence_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"operation_id" uuid NOT NULL,
	"staff_id" integer NOT NULL,
	"type" text NOT NULL,
	"location_id" integer,
	"device_id" integer,
	"controller_id" integer,
	"date_presence" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "presence_records_type_ck" CHECK ("presence_records"."type" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "processed_operations" (
	"event_id" integer NOT NULL,
	"operation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload_hash" text NOT NULL,
	"device_id" integer,
	"batch_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_operations_pk" PRIMARY KEY("event_id","operation_id")
);
--> statement-breakpoint
CREATE TABLE "refused_operations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"batch_id" bigint,
	"device_id" integer,
	"operation_id" text,
	"reason" text NOT NULL,
	"fields" jsonb,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_recordings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"operation_id" uuid NOT NULL,
	"wristband_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"staff_id" integer,
	"device_id" integer,
	"location_id" integer,
	"device_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"sale_id" bigint NOT NULL,
	"article_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"price" integer NOT NULL,
	"quantity_gift" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"sale_id" bigint NOT NULL,
	"type" text NOT NULL,
	"amount" integer NOT NULL,
	"wristband_id" integer,
	CONSTRAINT "sale_payments_type_ck" CHECK ("sale_payments"."type" in ('S', 'T', 'O', 'B'))
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"operation_id" uuid NOT NULL,
	"wristband_id" integer,
	"total_purchase" integer NOT NULL,
	"total_payed" integer NOT NULL,
	"is_devolution" boolean DEFAULT false NOT NULL,
	"num_payers" integer DEFAULT 1 NOT NULL,
	"cash_after" integer,
	"gift_after" integer,
	"negative_balance" boolean DEFAULT false NOT NULL,
	"staff_id" integer,
	"device_id" integer,
	"location_id" integer,
	"device_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"device_id" integer,
	"operations" integer NOT NULL,
	"accepted" integer NOT NULL,
	"duplicates" integer NOT NULL,
	"refused" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_validations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"operation_id" uuid NOT NULL,
	"ticket_id" integer,
	"code" text NOT NULL,
	"wristband_id" integer,
	"customer_id" integer,
	"role_id" integer,
	"repeated" boolean DEFAULT false NOT NULL,
	"staff_id" integer,
	"device_id" integer,
	"location_id" integer,
	"device_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"code" text NOT NULL,
	"customer_id" integer,
	"role_id" integer,
	"wristband_id" integer,
	"validated" smallint DEFAULT 0 NOT NULL,
	"cancelled" smallint DEFAULT 0 NOT NULL,
	"date_validation" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "top_ups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"operation_id" uuid NOT NULL,
	"wristband_id" integer NOT NULL,
	"type" text NOT NULL,
	"payment_type" text,
	"amount" integer NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"money" integer DEFAULT 0 NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"cash_after" integer NOT NULL,
	"gift_after" integer NOT NULL,
	"negative_balance" boolean DEFAULT false NOT NULL,
	"articles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ref" text,
	"staff_id" integer,
	"supervisor_id" integer,
	"device_id" integer,
	"location_id" integer,
	"device_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "top_ups_payment_ck" CHECK ("top_ups"."payment_type" is null or "top_ups"."payment_type" in ('S', 'T', 'O', 'B'))
);
--> statement-breakpoint
CREATE TABLE "wristband_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"operation_id" uuid NOT NULL,
	"source_wristband_id" integer NOT NULL,
	"end_wristband_id" integer NOT NULL,
	"source_rfid" text NOT NULL,
	"end_rfid" text NOT NULL,
	"cash_moved" integer NOT NULL,
	"gift_moved" integer NOT NULL,
	"staff_id" integer,
	"device_id" integer,
	"location_id" integer,
	"date" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wristbands" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"n_serie" text NOT NULL,
	"code_check" text,
	"customer_id" integer,
	"cash" integer DEFAULT 0 NOT NULL,
	"gift" integer DEFAULT 0 NOT NULL,
	"flags" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"role_id" integer,
	"active" smallint DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kiosk_buttons" ADD CONSTRAINT "kiosk_buttons_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_records" ADD CONSTRAINT "access_records_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_records" ADD CONSTRAINT "access_records_wristband_id_wristbands_id_fk" FOREIGN KEY ("wristband_id") REFERENCES "public"."wristbands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_records" ADD CONSTRAINT "access_records_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_assigned_event_id_events_id_fk" FOREIGN KEY ("assigned_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_wristband_id_wristbands_id_fk" FOREIGN KEY ("wristband_id") REFERENCES "public"."wristbands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presence_records" ADD CONSTRAINT "presence_records_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presence_records" ADD CONSTRAINT "presence_records_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processed_operations" ADD CONSTRAINT "processed_operations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processed_operations" ADD CONSTRAINT "processed_operations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refused_operations" ADD CONSTRAINT "refused_operations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refused_operations" ADD CONSTRAINT "refused_operations_batch_id_sync_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."sync_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refused_operations" ADD CONSTRAINT "refused_operations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_recordings" ADD CONSTRAINT "role_recordings_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_recordings" ADD CONSTRAINT "role_recordings_wristband_id_wristbands_id_fk" FOREIGN KEY ("wristband_id") REFERENCES "public"."wristbands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_recordings" ADD CONSTRAINT "role_recordings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_wristband_id_wristbands_id_fk" FOREIGN KEY ("wristband_id") REFERENCES "public"."wristbands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_wristband_id_wristbands_id_fk" FOREIGN KEY ("wristband_id") REFERENCES "public"."wristbands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_batches" ADD CONSTRAINT "sync_batches_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_batches" ADD CONSTRAINT "sync_batches_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_validations" ADD CONSTRAINT "ticket_validations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_validations" ADD CONSTRAINT "ticket_validations_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_validations" ADD CONSTRAINT "ticket_validations_wristband_id_wristbands_id_fk" FOREIGN KEY ("wristband_id") REFERENCES "public"."wristbands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_validations" ADD CONSTRAINT "ticket_validations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_validations" ADD CONSTRAINT "ticket_validations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_wristband_id_wristbands_id_fk" FOREIGN KEY ("wristband_id") REFERENCES "public"."wristbands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_wristband_id_wristbands_id_fk" FOREIGN KEY ("wristband_id") REFERENCES "public"."wristbands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "top_ups" ADD CONSTRAINT "top_ups_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wristband_changes" ADD CONSTRAINT "wristband_changes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wristband_changes" ADD CONSTRAINT "wristband_changes_source_wristband_id_wristbands_id_fk" FOREIGN KEY ("source_wristband_id") REFERENCES "public"."wristbands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wristband_changes" ADD CONSTRAINT "wristband_changes_end_wristband_id_wristbands_id_fk" FOREIGN KEY ("end_wristband_id") REFERENCES "public"."wristbands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wristband_changes" ADD CONSTRAINT "wristband_changes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wristbands" ADD CONSTRAINT "wristbands_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wristbands" ADD CONSTRAINT "wristbands_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosk_buttons_event_idx" ON "kiosk_buttons" USING btree ("event_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_records_event_operation_uq" ON "access_records" USING btree ("event_id","operation_id");--> statement-breakpoint
CREATE INDEX "access_records_event_wristband_idx" ON "access_records" USING btree ("event_id","wristband_id","date_local");--> statement-breakpoint
CREATE INDEX "access_records_event_time_idx" ON "access_records" USING btree ("event_id","date_local");--> statement-breakpoint
CREATE INDEX "access_records_event_zone_time_idx" ON "access_records" USING btree ("event_id","zone_to","date_local");--> statement-breakpoint
CREATE INDEX "customers_event_idx" ON "customers" USING btree ("event_id","id");--> statement-breakpoint
CREATE INDEX "customers_name_trgm" ON "customers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_trgm" ON "customers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_ticket_trgm" ON "customers" USING gin ("ticket_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_localizer_idx" ON "customers" USING btree ("event_id",upper("localizer"));--> statement-breakpoint
CREATE INDEX "customers_iban_idx" ON "customers" USING btree ("event_id","iban");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_n_serie_uq" ON "devices" USING btree ("n_serie");--> statement-breakpoint
CREATE INDEX "devices_assigned_event_idx" ON "devices" USING btree ("assigned_event_id");--> statement-breakpoint
CREATE INDEX "ledger_event_wristband_idx" ON "ledger_entries" USING btree ("event_id","wristband_id","id");--> statement-breakpoint
CREATE INDEX "ledger_event_operation_idx" ON "ledger_entries" USING btree ("event_id","operation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "presence_records_event_operation_uq" ON "presence_records" USING btree ("event_id","operation_id");--> statement-breakpoint
CREATE INDEX "presence_records_event_staff_idx" ON "presence_records" USING btree ("event_id","staff_id","date_presence");--> statement-breakpoint
CREATE INDEX "presence_records_event_time_idx" ON "presence_records" USING btree ("event_id","date_presence");--> statement-breakpoint
CREATE INDEX "refused_operations_event_idx" ON "refused_operations" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "role_recordings_event_operation_uq" ON "role_recordings" USING btree ("event_id","operation_id");--> statement-breakpoint
CREATE INDEX "role_recordings_event_time_idx" ON "role_recordings" USING btree ("event_id","device_time");--> statement-breakpoint
CREATE INDEX "role_recordings_event_wristband_idx" ON "role_recordings" USING btree ("event_id","wristband_id");--> statement-breakpoint
CREATE INDEX "sale_lines_event_sale_idx" ON "sale_lines" USING btree ("event_id","sale_id");--> statement-breakpoint
CREATE INDEX "sale_lines_event_article_idx" ON "sale_lines" USING btree ("event_id","article_id");--> statement-breakpoint
CREATE INDEX "sale_payments_event_sale_idx" ON "sale_payments" USING btree ("event_id","sale_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_event_operation_uq" ON "sales" USING btree ("event_id","operation_id");--> statement-breakpoint
CREATE INDEX "sales_event_wristband_idx" ON "sales" USING btree ("event_id","wristband_id","device_time");--> statement-breakpoint
CREATE INDEX "sales_event_time_idx" ON "sales" USING btree ("event_id","device_time");--> statement-breakpoint
CREATE INDEX "sales_event_location_time_idx" ON "sales" USING btree ("event_id","location_id","device_time");--> statement-breakpoint
CREATE INDEX "sales_event_negative_idx" ON "sales" USING btree ("event_id","device_time") WHERE "sales"."negative_balance";--> statement-breakpoint
CREATE INDEX "sync_batches_event_device_idx" ON "sync_batches" USING btree ("event_id","device_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_validations_event_operation_uq" ON "ticket_validations" USING btree ("event_id","operation_id");--> statement-breakpoint
CREATE INDEX "ticket_validations_event_time_idx" ON "ticket_validations" USING btree ("event_id","device_time");--> statement-breakpoint
CREATE INDEX "ticket_validations_event_wristband_idx" ON "ticket_validations" USING btree ("event_id","wristband_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_event_code_uq" ON "tickets" USING btree ("event_id","code");--> statement-breakpoint
CREATE INDEX "tickets_event_customer_idx" ON "tickets" USING btree ("event_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "top_ups_event_operation_uq" ON "top_ups" USING btree ("event_id","operation_id");--> statement-breakpoint
CREATE INDEX "top_ups_event_wristband_idx" ON "top_ups" USING btree ("event_id","wristband_id","device_time");--> statement-breakpoint
CREATE INDEX "top_ups_event_time_idx" ON "top_ups" USING btree ("event_id","device_time");--> statement-breakpoint
CREATE INDEX "top_ups_event_location_time_idx" ON "top_ups" USING btree ("event_id","location_id","device_time");--> statement-breakpoint
CREATE UNIQUE INDEX "wristband_changes_event_operation_uq" ON "wristband_changes" USING btree ("event_id","operation_id");--> statement-breakpoint
CREATE INDEX "wristband_changes_event_source_idx" ON "wristband_changes" USING btree ("event_id","source_wristband_id");--> statement-breakpoint
CREATE INDEX "wristband_changes_event_end_idx" ON "wristband_changes" USING btree ("event_id","end_wristband_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wristbands_event_serial_uq" ON "wristbands" USING btree ("event_id","n_serie");--> statement-breakpoint
CREATE INDEX "wristbands_event_customer_idx" ON "wristbands" USING btree ("event_id","customer_id");--> statement-breakpoint
CREATE INDEX "wristbands_event_code_check_idx" ON "wristbands" USING btree ("event_id","code_check");--> statement-breakpoint
CREATE INDEX "wristbands_serial_trgm" ON "wristbands" USING gin ("n_serie" gin_trgm_ops);