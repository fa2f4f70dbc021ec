CREATE TABLE "customer_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"wristband_id" integer,
	"n_serie" text,
	"amount" integer NOT NULL,
	"fee" integer DEFAULT 0 NOT NULL,
	"cc_owner" text NOT NULL,
	"cc_iban" text NOT NULL,
	"cc_bic" text,
	"cc_email" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_refunds_amount_ck" CHECK ("customer_refunds"."amount" between 1 and 100000),
	CONSTRAINT "customer_refunds_fee_ck" CHECK ("customer_refunds"."fee" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "online_top_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"customer_id" integer,
	"wristband_id" integer,
	"valid" smallint DEFAULT 1 NOT NULL,
	"payed" smallint DEFAULT 0 NOT NULL,
	"notes" text,
	"date_recharge_online" timestamp with time zone NOT NULL,
	"date_recharge_rfid" timestamp with time zone,
	"date_refund" timestamp with time zone,
	"refunded_by" integer,
	"concept" text,
	"amount_total" integer DEFAULT 0 NOT NULL,
	"amount_recharge" integer DEFAULT 0 NOT NULL,
	"amount_bonus" integer DEFAULT 0 NOT NULL,
	"articles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"card_brand" text,
	"card_number" text,
	"id_recharge" text,
	"module" text,
	"location_id" integer,
	"pay_tpv_date_time" timestamp with time zone,
	"pay_tpv_amount" integer,
	"pay_tpv_currency" text,
	"id_order" text,
	"pay_tpv_auth_code" text,
	"pay_tpv_bic_code" text,
	"pay_tpv_card_country" text,
	"terminal" text,
	"merchant_code" text,
	"id_transaction_type" text,
	"pay_tpv_order_id" text,
	"id_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_top_ups_payed_ck" CHECK ("online_top_ups"."payed" in (0, 1, 2, -1)),
	CONSTRAINT "online_top_ups_valid_ck" CHECK ("online_top_ups"."valid" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD CONSTRAINT "customer_refunds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD CONSTRAINT "customer_refunds_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD CONSTRAINT "customer_refunds_wristband_id_wristbands_id_fk" FOREIGN KEY ("wristband_id") REFERENCES "public"."wristbands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD CONSTRAINT "customer_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_refunds" ADD CONSTRAINT "customer_refunds_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_top_ups" ADD CONSTRAINT "online_top_ups_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_top_ups" ADD CONSTRAINT "online_top_ups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_top_ups" ADD CONSTRAINT "online_top_ups_wristband_id_wristbands_id_fk" FOREIGN KEY ("wristband_id") REFERENCES "public"."wristbands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_top_ups" ADD CONSTRAINT "online_top_ups_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_refunds_event_customer_uq" ON "customer_refunds" USING btree ("event_id","customer_id");--> statement-breakpoint
CREATE INDEX "customer_refunds_event_wristband_idx" ON "customer_refunds" USING btree ("event_id","wristband_id");--> statement-breakpoint
CREATE INDEX "online_top_ups_event_customer_idx" ON "online_top_ups" USING btree ("event_id","customer_id");--> statement-breakpoint
CREATE INDEX "online_top_ups_event_wristband_idx" ON "online_top_ups" USING btree ("event_id","wristband_id");--> statement-breakpoint
CREATE INDEX "online_top_ups_event_recharge_idx" ON "online_top_ups" USING btree ("event_id","id_recharge");