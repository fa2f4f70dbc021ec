-- The five payment method letters of 01-console §3, all enabled, labelled in the console's languages.
INSERT INTO "payment_methods" ("letter", "labels", "enabled", "position") VALUES
  ('C', '{"en":"Cash","es":"Efectivo","it":"Contanti","fr":"Espèces"}', true, 0),
  ('T', '{"en":"External TPV","es":"TPV externo","it":"POS esterno","fr":"TPE externe"}', true, 1),
  ('L', '{"en":"Cashless","es":"Cashless","it":"Cashless","fr":"Cashless"}', true, 2),
  ('P', '{"en":"Pin pad","es":"Pin pad","it":"Pin pad","fr":"Pin pad"}', true, 3),
  ('I', '{"en":"Integrated TPV","es":"TPV integrado","it":"POS integrato","fr":"TPE intégré"}', true, 4)
ON CONFLICT ("letter") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_letter_ck" CHECK ("letter" IN ('C', 'T', 'L', 'P', 'I'));
--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_channel_ck" CHECK ("channel" IN ('development', 'production'));
--> statement-breakpoint
ALTER TABLE "app_versions" ADD CONSTRAINT "app_versions_file_kind_ck" CHECK ("file_kind" IN ('apk', 'zip'));
