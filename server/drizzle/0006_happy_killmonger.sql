CREATE TABLE "ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"date_start" date NOT NULL,
	"date_end" date NOT NULL,
	"time_start_utc" time NOT NULL,
	"time_end_utc" time NOT NULL,
	"day_week" text DEFAULT 'LMXJVSD' NOT NULL,
	"image_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"user" text NOT NULL,
	"name" text NOT NULL,
	"rfid" text,
	"intern" smallint DEFAULT 1 NOT NULL,
	"date_inactive" timestamp with time zone,
	"trusts" text DEFAULT '' NOT NULL,
	"location_ids" integer[],
	"room_ids" integer[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ads_event_order_idx" ON "ads" USING btree ("event_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_event_user_uq" ON "staff" USING btree ("event_id",lower("user"));