CREATE TABLE "addon_flags" (
	"event_id" integer NOT NULL,
	"addon_id" integer NOT NULL,
	"flag_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addon_gifts" (
	"event_id" integer NOT NULL,
	"addon_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addons" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"amount_cash" integer DEFAULT 0 NOT NULL,
	"amount_bonus" integer DEFAULT 0 NOT NULL,
	"color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flag_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"flag_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"time_range_id" integer NOT NULL,
	"allow_multiple_entry" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flag_article_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"flag_id" integer NOT NULL,
	"time_range_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"price" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"flag_number" smallint NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"is_minor" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addon_flags" ADD CONSTRAINT "addon_flags_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_flags" ADD CONSTRAINT "addon_flags_addon_id_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."addons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_flags" ADD CONSTRAINT "addon_flags_flag_id_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."flags"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_gifts" ADD CONSTRAINT "addon_gifts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_gifts" ADD CONSTRAINT "addon_gifts_addon_id_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."addons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_gifts" ADD CONSTRAINT "addon_gifts_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addons" ADD CONSTRAINT "addons_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_access" ADD CONSTRAINT "flag_access_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_access" ADD CONSTRAINT "flag_access_flag_id_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_access" ADD CONSTRAINT "flag_access_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_access" ADD CONSTRAINT "flag_access_time_range_id_time_ranges_id_fk" FOREIGN KEY ("time_range_id") REFERENCES "public"."time_ranges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_article_prices" ADD CONSTRAINT "flag_article_prices_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_article_prices" ADD CONSTRAINT "flag_article_prices_flag_id_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_article_prices" ADD CONSTRAINT "flag_article_prices_time_range_id_time_ranges_id_fk" FOREIGN KEY ("time_range_id") REFERENCES "public"."time_ranges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flag_article_prices" ADD CONSTRAINT "flag_article_prices_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "addon_flags_uq" ON "addon_flags" USING btree ("event_id","addon_id","flag_id");--> statement-breakpoint
CREATE INDEX "addon_flags_event_flag_idx" ON "addon_flags" USING btree ("event_id","flag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addon_gifts_uq" ON "addon_gifts" USING btree ("event_id","addon_id","article_id");--> statement-breakpoint
CREATE INDEX "addon_gifts_event_article_idx" ON "addon_gifts" USING btree ("event_id","article_id");--> statement-breakpoint
CREATE INDEX "addons_event_idx" ON "addons" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flag_access_uq" ON "flag_access" USING btree ("event_id","flag_id","zone_id","time_range_id");--> statement-breakpoint
CREATE INDEX "flag_access_event_zone_idx" ON "flag_access" USING btree ("event_id","zone_id");--> statement-breakpoint
CREATE INDEX "flag_access_event_time_range_idx" ON "flag_access" USING btree ("event_id","time_range_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flag_article_prices_uq" ON "flag_article_prices" USING btree ("event_id","flag_id","time_range_id","article_id");--> statement-breakpoint
CREATE INDEX "flag_article_prices_event_article_idx" ON "flag_article_prices" USING btree ("event_id","article_id");--> statement-breakpoint
CREATE INDEX "flag_article_prices_event_time_range_idx" ON "flag_article_prices" USING btree ("event_id","time_range_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flags_event_number_uq" ON "flags" USING btree ("event_id","flag_number");