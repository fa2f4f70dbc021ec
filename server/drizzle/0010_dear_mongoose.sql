CREATE TABLE "article_addons" (
	"event_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"addon_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_exchanges" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"exchange_article_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sort_by" integer DEFAULT 0 NOT NULL,
	"time_range_ids" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "article_flags" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"flag_id" integer NOT NULL,
	"add_flag" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "location_article_sticks" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"stick_article_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "location_article_sticks_quantity_ck" CHECK ("location_article_sticks"."quantity" >= 1),
	CONSTRAINT "location_article_sticks_not_parent_ck" CHECK ("location_article_sticks"."stick_article_id" <> "location_article_sticks"."article_id")
);
--> statement-breakpoint
CREATE TABLE "location_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 1 NOT NULL,
	"is_manual" smallint DEFAULT 0 NOT NULL,
	"visible" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pack_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pack_articles_quantity_ck" CHECK ("pack_articles"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "pack_locations" (
	"event_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"location_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packs" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"date_start" timestamp with time zone,
	"date_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "image_id" integer;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "qr_print" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "base_id" integer;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "gift" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "only_adults" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "banned_role_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "is_note_required" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "suggested_comments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "external_analytics_id" text;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "manual_amount" text DEFAULT 'N' NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "complement_id" integer;--> statement-breakpoint
ALTER TABLE "article_addons" ADD CONSTRAINT "article_addons_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_addons" ADD CONSTRAINT "article_addons_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_addons" ADD CONSTRAINT "article_addons_addon_id_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."addons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_exchanges" ADD CONSTRAINT "article_exchanges_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_exchanges" ADD CONSTRAINT "article_exchanges_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_flags" ADD CONSTRAINT "article_flags_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_flags" ADD CONSTRAINT "article_flags_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_flags" ADD CONSTRAINT "article_flags_flag_id_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_article_sticks" ADD CONSTRAINT "location_article_sticks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_article_sticks" ADD CONSTRAINT "location_article_sticks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_article_sticks" ADD CONSTRAINT "location_article_sticks_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_article_sticks" ADD CONSTRAINT "location_article_sticks_stick_article_id_articles_id_fk" FOREIGN KEY ("stick_article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_articles" ADD CONSTRAINT "location_articles_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_articles" ADD CONSTRAINT "location_articles_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_articles" ADD CONSTRAINT "location_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_articles" ADD CONSTRAINT "pack_articles_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_articles" ADD CONSTRAINT "pack_articles_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_articles" ADD CONSTRAINT "pack_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_locations" ADD CONSTRAINT "pack_locations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_locations" ADD CONSTRAINT "pack_locations_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_locations" ADD CONSTRAINT "pack_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_addons_uq" ON "article_addons" USING btree ("event_id","article_id","addon_id");--> statement-breakpoint
CREATE INDEX "article_addons_event_addon_idx" ON "article_addons" USING btree ("event_id","addon_id");--> statement-breakpoint
CREATE INDEX "article_exchanges_event_article_idx" ON "article_exchanges" USING btree ("event_id","article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "article_flags_uq" ON "article_flags" USING btree ("event_id","article_id","flag_id");--> statement-breakpoint
CREATE INDEX "article_flags_event_flag_idx" ON "article_flags" USING btree ("event_id","flag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "location_article_sticks_uq" ON "location_article_sticks" USING btree ("event_id","location_id","article_id","stick_article_id");--> statement-breakpoint
CREATE INDEX "location_article_sticks_event_article_idx" ON "location_article_sticks" USING btree ("event_id","article_id");--> statement-breakpoint
CREATE INDEX "location_article_sticks_event_stick_idx" ON "location_article_sticks" USING btree ("event_id","stick_article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "location_articles_uq" ON "location_articles" USING btree ("event_id","location_id","article_id");--> statement-breakpoint
CREATE INDEX "location_articles_event_article_idx" ON "location_articles" USING btree ("event_id","article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pack_articles_uq" ON "pack_articles" USING btree ("event_id","pack_id","article_id");--> statement-breakpoint
CREATE INDEX "pack_articles_event_article_idx" ON "pack_articles" USING btree ("event_id","article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pack_locations_uq" ON "pack_locations" USING btree ("event_id","pack_id","location_id");--> statement-breakpoint
CREATE INDEX "pack_locations_event_location_idx" ON "pack_locations" USING btree ("event_id","location_id");--> statement-breakpoint
CREATE INDEX "packs_event_name_idx" ON "packs" USING btree ("event_id",lower("name"));--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_base_id_articles_id_fk" FOREIGN KEY ("base_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_event_name_idx" ON "articles" USING btree ("event_id",lower("name"));--> statement-breakpoint
CREATE INDEX "articles_event_base_idx" ON "articles" USING btree ("event_id","base_id");