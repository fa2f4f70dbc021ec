CREATE TABLE "gates" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"zone_from_id" integer,
	"zone_to_id" integer NOT NULL,
	"location_id" integer,
	"direction" text DEFAULT 'both' NOT NULL,
	"active" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kitchen_printers" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"kitchen_id" integer NOT NULL,
	"name" text NOT NULL,
	"ip" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kitchen_rooms" (
	"event_id" integer NOT NULL,
	"kitchen_id" integer NOT NULL,
	"room_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kitchens" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"location_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"id_unique" integer NOT NULL,
	"name" text NOT NULL,
	"intern" text DEFAULT 'N' NOT NULL,
	"activities" text[] DEFAULT '{}'::text[] NOT NULL,
	"category" text,
	"additional_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"inactive_at" timestamp with time zone,
	"gate_id" integer,
	"prefix" text,
	"external_analytics_id" text,
	"receipt_logo_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"id_unique_event" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"date_start" date NOT NULL,
	"date_end" date NOT NULL,
	"time_start" time DEFAULT '00:00:00' NOT NULL,
	"time_end" time DEFAULT '23:59:59' NOT NULL,
	"weekdays" text DEFAULT 'LMXJVSD' NOT NULL,
	"access_usage" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"id_unique" integer NOT NULL,
	"name" text NOT NULL,
	"mode_double_in" text DEFAULT 'W' NOT NULL,
	"parent_id" integer,
	"capacity" integer DEFAULT -1 NOT NULL,
	"no_check_capacity" integer DEFAULT 0 NOT NULL,
	"reset_capacity" smallint DEFAULT 1 NOT NULL,
	"reset_hour" time DEFAULT '00:00:00' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gates" ADD CONSTRAINT "gates_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gates" ADD CONSTRAINT "gates_zone_from_id_zones_id_fk" FOREIGN KEY ("zone_from_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gates" ADD CONSTRAINT "gates_zone_to_id_zones_id_fk" FOREIGN KEY ("zone_to_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gates" ADD CONSTRAINT "gates_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_printers" ADD CONSTRAINT "kitchen_printers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_printers" ADD CONSTRAINT "kitchen_printers_kitchen_id_kitchens_id_fk" FOREIGN KEY ("kitchen_id") REFERENCES "public"."kitchens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_rooms" ADD CONSTRAINT "kitchen_rooms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_rooms" ADD CONSTRAINT "kitchen_rooms_kitchen_id_kitchens_id_fk" FOREIGN KEY ("kitchen_id") REFERENCES "public"."kitchens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_rooms" ADD CONSTRAINT "kitchen_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchens" ADD CONSTRAINT "kitchens_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchens" ADD CONSTRAINT "kitchens_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_gate_id_gates_id_fk" FOREIGN KEY ("gate_id") REFERENCES "public"."gates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_receipt_logo_id_images_id_fk" FOREIGN KEY ("receipt_logo_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_ranges" ADD CONSTRAINT "time_ranges_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_parent_id_zones_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gates_event_idx" ON "gates" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "gates_event_zone_from_idx" ON "gates" USING btree ("event_id","zone_from_id");--> statement-breakpoint
CREATE INDEX "gates_event_zone_to_idx" ON "gates" USING btree ("event_id","zone_to_id");--> statement-breakpoint
CREATE INDEX "gates_event_location_idx" ON "gates" USING btree ("event_id","location_id");--> statement-breakpoint
CREATE INDEX "kitchen_printers_event_kitchen_idx" ON "kitchen_printers" USING btree ("event_id","kitchen_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_rooms_uq" ON "kitchen_rooms" USING btree ("event_id","kitchen_id","room_id");--> statement-breakpoint
CREATE INDEX "kitchen_rooms_event_room_idx" ON "kitchen_rooms" USING btree ("event_id","room_id");--> statement-breakpoint
CREATE INDEX "kitchens_event_location_idx" ON "kitchens" USING btree ("event_id","location_id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_event_unique_uq" ON "locations" USING btree ("event_id","id_unique");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_event_prefix_uq" ON "locations" USING btree ("event_id",lower("prefix")) WHERE "locations"."prefix" is not null;--> statement-breakpoint
CREATE INDEX "locations_event_gate_idx" ON "locations" USING btree ("event_id","gate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_event_unique_uq" ON "rooms" USING btree ("event_id","id_unique_event");--> statement-breakpoint
CREATE INDEX "time_ranges_event_idx" ON "time_ranges" USING btree ("event_id","date_start");--> statement-breakpoint
CREATE UNIQUE INDEX "zones_event_unique_uq" ON "zones" USING btree ("event_id","id_unique");--> statement-breakpoint
CREATE INDEX "zones_event_parent_idx" ON "zones" USING btree ("event_id","parent_id");