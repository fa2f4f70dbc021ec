CREATE TABLE "app_param_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"param_id" integer NOT NULL,
	"id_location" integer,
	"id_device" integer,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_param_exceptions" ADD CONSTRAINT "app_param_exceptions_param_id_app_params_id_fk" FOREIGN KEY ("param_id") REFERENCES "public"."app_params"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_param_exceptions_uq" ON "app_param_exceptions" USING btree ("param_id",coalesce("id_location", 0),coalesce("id_device", 0));