CREATE TABLE "event_online_services" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"info_text" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"needs_code_check" smallint DEFAULT 0 NOT NULL,
	"manually_top_up" smallint DEFAULT 0 NOT NULL,
	"min_top_up" integer NOT NULL,
	"max_top_up" integer NOT NULL,
	"recaptcha_site_key" text,
	"recaptcha_secret" text,
	"colors" jsonb NOT NULL,
	"gradient" jsonb NOT NULL,
	"header_image_id" integer,
	"login_image_id" integer,
	"favicon_image_id" integer,
	"background_image_id" integer,
	"login_method" text DEFAULT 'rfidAndTicket' NOT NULL,
	"known_tickets_only" smallint DEFAULT 0 NOT NULL,
	"card_brands" text[] DEFAULT '{}'::text[] NOT NULL,
	"queue" jsonb DEFAULT '{"enabled":0,"scripts":[]}'::jsonb NOT NULL,
	"redirect_success" text,
	"redirect_failure" text,
	"redirect_cancel" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_online_services" ADD CONSTRAINT "event_online_services_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_online_services" ADD CONSTRAINT "event_online_services_header_image_id_images_id_fk" FOREIGN KEY ("header_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_online_services" ADD CONSTRAINT "event_online_services_login_image_id_images_id_fk" FOREIGN KEY ("login_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_online_services" ADD CONSTRAINT "event_online_services_favicon_image_id_images_id_fk" FOREIGN KEY ("favicon_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_online_services" ADD CONSTRAINT "event_online_services_background_image_id_images_id_fk" FOREIGN KEY ("background_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "events_slug_uq" ON "events" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "events_subdomain_uq" ON "events" USING btree ("subdomain");