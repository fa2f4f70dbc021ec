CREATE TABLE "bonus_articles" (
	"event_id" integer NOT NULL,
	"bonus_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_locations" (
	"event_id" integer NOT NULL,
	"bonus_id" integer NOT NULL,
	"location_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_types_type_ck" CHECK ("bonus_types"."type" in ('M', 'E', 'O'))
);
--> statement-breakpoint
CREATE TABLE "bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"bonus_type_id" integer,
	"plus" integer DEFAULT 0 NOT NULL,
	"percent" double precision DEFAULT 0 NOT NULL,
	"min_recharge" integer NOT NULL,
	"max_recharge" integer NOT NULL,
	"min_num_top_up" integer DEFAULT 1 NOT NULL,
	"max_num_top_up" integer DEFAULT -1 NOT NULL,
	"date_start" date NOT NULL,
	"date_end" date NOT NULL,
	"time_start" time NOT NULL,
	"time_end" time NOT NULL,
	"day_week" text DEFAULT 'LMXJVSD' NOT NULL,
	"apply_services_online" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_locations" (
	"event_id" integer NOT NULL,
	"fee_id" integer NOT NULL,
	"location_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"fee" integer NOT NULL,
	"n_recharge_ini" integer NOT NULL,
	"n_recharge_end" integer NOT NULL,
	"min_recharge" integer NOT NULL,
	"max_recharge" integer NOT NULL,
	"date_start" timestamp with time zone NOT NULL,
	"date_end" timestamp with time zone NOT NULL,
	"device_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_rule_locations" (
	"event_id" integer NOT NULL,
	"refund_rule_id" integer NOT NULL,
	"location_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"date_start" date NOT NULL,
	"date_end" date NOT NULL,
	"time_start" time NOT NULL,
	"time_end" time NOT NULL,
	"min_amount" integer DEFAULT 0 NOT NULL,
	"device_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bonus_articles" ADD CONSTRAINT "bonus_articles_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_articles" ADD CONSTRAINT "bonus_articles_bonus_id_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."bonuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_articles" ADD CONSTRAINT "bonus_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_locations" ADD CONSTRAINT "bonus_locations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_locations" ADD CONSTRAINT "bonus_locations_bonus_id_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."bonuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_locations" ADD CONSTRAINT "bonus_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_types" ADD CONSTRAINT "bonus_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_bonus_type_id_bonus_types_id_fk" FOREIGN KEY ("bonus_type_id") REFERENCES "public"."bonus_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_locations" ADD CONSTRAINT "fee_locations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_locations" ADD CONSTRAINT "fee_locations_fee_id_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."fees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_locations" ADD CONSTRAINT "fee_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_rule_locations" ADD CONSTRAINT "refund_rule_locations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_rule_locations" ADD CONSTRAINT "refund_rule_locations_refund_rule_id_refund_rules_id_fk" FOREIGN KEY ("refund_rule_id") REFERENCES "public"."refund_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_rule_locations" ADD CONSTRAINT "refund_rule_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_rules" ADD CONSTRAINT "refund_rules_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_articles_uq" ON "bonus_articles" USING btree ("event_id","bonus_id","article_id");--> statement-breakpoint
CREATE INDEX "bonus_articles_event_article_idx" ON "bonus_articles" USING btree ("event_id","article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_locations_uq" ON "bonus_locations" USING btree ("event_id","bonus_id","location_id");--> statement-breakpoint
CREATE INDEX "bonus_locations_event_location_idx" ON "bonus_locations" USING btree ("event_id","location_id");--> statement-breakpoint
CREATE INDEX "bonus_types_event_idx" ON "bonus_types" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "bonuses_event_idx" ON "bonuses" USING btree ("event_id","date_start");--> statement-breakpoint
CREATE INDEX "bonuses_event_type_idx" ON "bonuses" USING btree ("event_id","bonus_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_locations_uq" ON "fee_locations" USING btree ("event_id","fee_id","location_id");--> statement-breakpoint
CREATE INDEX "fee_locations_event_location_idx" ON "fee_locations" USING btree ("event_id","location_id");--> statement-breakpoint
CREATE INDEX "fees_event_idx" ON "fees" USING btree ("event_id","date_start");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_rule_locations_uq" ON "refund_rule_locations" USING btree ("event_id","refund_rule_id","location_id");--> statement-breakpoint
CREATE INDEX "refund_rule_locations_event_location_idx" ON "refund_rule_locations" USING btree ("event_id","location_id");--> statement-breakpoint
CREATE INDEX "refund_rules_event_idx" ON "refund_rules" USING btree ("event_id","date_start");