CREATE TABLE "rol_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"rol_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"time_range_id" integer NOT NULL,
	"n_access" integer DEFAULT -1 NOT NULL,
	CONSTRAINT "rol_access_n_ck" CHECK ("rol_access"."n_access" = -1 or "rol_access"."n_access" >= 1)
);
--> statement-breakpoint
CREATE TABLE "rol_addons" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"rol_id" integer NOT NULL,
	"addon_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rol_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"rol_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rol_articles_quantity_ck" CHECK ("rol_articles"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "rol_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"rol_id" integer NOT NULL,
	"kind" text NOT NULL,
	"location_id" integer NOT NULL,
	CONSTRAINT "rol_locations_kind_ck" CHECK ("rol_locations"."kind" in ('T', 'P'))
);
--> statement-breakpoint
CREATE TABLE "rol_time_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"rol_id" integer NOT NULL,
	"time_range_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rols" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"amount_bonus" integer DEFAULT 0 NOT NULL,
	"category" text,
	"all_locations" smallint DEFAULT 1 NOT NULL,
	"all_pre_top_up_locations" smallint DEFAULT 1 NOT NULL,
	"tag_required" smallint DEFAULT 1 NOT NULL,
	"image_id" integer,
	"date_update_image" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rols_price_ck" CHECK ("rols"."price" >= 0 and "rols"."amount_bonus" >= 0)
);
--> statement-breakpoint
ALTER TABLE "rol_access" ADD CONSTRAINT "rol_access_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_access" ADD CONSTRAINT "rol_access_rol_id_rols_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."rols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_access" ADD CONSTRAINT "rol_access_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_access" ADD CONSTRAINT "rol_access_time_range_id_time_ranges_id_fk" FOREIGN KEY ("time_range_id") REFERENCES "public"."time_ranges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_addons" ADD CONSTRAINT "rol_addons_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_addons" ADD CONSTRAINT "rol_addons_rol_id_rols_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."rols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_addons" ADD CONSTRAINT "rol_addons_addon_id_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."addons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_articles" ADD CONSTRAINT "rol_articles_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_articles" ADD CONSTRAINT "rol_articles_rol_id_rols_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."rols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_articles" ADD CONSTRAINT "rol_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_locations" ADD CONSTRAINT "rol_locations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_locations" ADD CONSTRAINT "rol_locations_rol_id_rols_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."rols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_locations" ADD CONSTRAINT "rol_locations_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_time_ranges" ADD CONSTRAINT "rol_time_ranges_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_time_ranges" ADD CONSTRAINT "rol_time_ranges_rol_id_rols_id_fk" FOREIGN KEY ("rol_id") REFERENCES "public"."rols"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rol_time_ranges" ADD CONSTRAINT "rol_time_ranges_time_range_id_time_ranges_id_fk" FOREIGN KEY ("time_range_id") REFERENCES "public"."time_ranges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rols" ADD CONSTRAINT "rols_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rols" ADD CONSTRAINT "rols_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rol_access_uq" ON "rol_access" USING btree ("event_id","rol_id","zone_id","time_range_id");--> statement-breakpoint
CREATE INDEX "rol_access_event_zone_idx" ON "rol_access" USING btree ("event_id","zone_id");--> statement-breakpoint
CREATE INDEX "rol_access_event_time_range_idx" ON "rol_access" USING btree ("event_id","time_range_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rol_addons_uq" ON "rol_addons" USING btree ("event_id","rol_id","addon_id");--> statement-breakpoint
CREATE INDEX "rol_addons_event_addon_idx" ON "rol_addons" USING btree ("event_id","addon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rol_articles_uq" ON "rol_articles" USING btree ("event_id","rol_id","article_id");--> statement-breakpoint
CREATE INDEX "rol_articles_event_article_idx" ON "rol_articles" USING btree ("event_id","article_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rol_locations_uq" ON "rol_locations" USING btree ("event_id","rol_id","kind","location_id");--> statement-breakpoint
CREATE INDEX "rol_locations_event_location_idx" ON "rol_locations" USING btree ("event_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rol_time_ranges_uq" ON "rol_time_ranges" USING btree ("event_id","rol_id","time_range_id");--> statement-breakpoint
CREATE INDEX "rol_time_ranges_event_time_range_idx" ON "rol_time_ranges" USING btree ("event_id","time_range_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rols_event_name_uq" ON "rols" USING btree ("event_id",lower("name"));