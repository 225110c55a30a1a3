ALTER TABLE "categories" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "product_types" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "transaction_types" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "victim_appointment_steps" ADD COLUMN "code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_categories__code" ON "categories" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_payment_methods__key" ON "payment_methods" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_product_types__code" ON "product_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_transaction_types__code" ON "transaction_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_victim_appointment_steps__code" ON "victim_appointment_steps" USING btree ("code");--> statement-breakpoint
-- The rows an earlier version's seed made get the codes their names are translated by, found by
-- the name the seed gave them (the first such row, where staff kept the name; rows staff renamed
-- keep showing their own name). The server's own transaction types go by their system code.
UPDATE "transaction_types" SET "code" = "system_code" WHERE "system_code" IS NOT NULL AND "code" IS NULL;--> statement-breakpoint
UPDATE "product_types" t SET "code" = v.code FROM (VALUES ('cattle', 'Büyükbaş'), ('sheep', 'Küçükbaş'), ('share', 'Kurban Hissesi'), ('meat', 'Et Ürünü'), ('service', 'Hizmet')) v(code, name)
  WHERE t.id = (SELECT min(x.id) FROM "product_types" x WHERE x.name = v.name);--> statement-breakpoint
UPDATE "transaction_types" t SET "code" = v.code FROM (VALUES ('payment', 'Ödeme'), ('purchase', 'Alış')) v(code, name)
  WHERE t.id = (SELECT min(x.id) FROM "transaction_types" x WHERE x.name = v.name AND x.system_code IS NULL);--> statement-breakpoint
UPDATE "payment_methods" t SET "key" = v.code FROM (VALUES ('cash', 'Nakit'), ('card', 'Kredi Kartı'), ('transfer', 'Havale/EFT'), ('virtualPos', 'Sanal POS')) v(code, name)
  WHERE t.id = (SELECT min(x.id) FROM "payment_methods" x WHERE x.name = v.name AND x.code = v.code);--> statement-breakpoint
UPDATE "victim_appointment_steps" t SET "code" = v.code FROM (VALUES ('received', 'Kabul edildi'), ('slaughtered', 'Kesildi'), ('cut', 'Parçalandı'), ('packed', 'Paketlendi'), ('delivered', 'Teslim edildi')) v(code, name)
  WHERE t.id = (SELECT min(x.id) FROM "victim_appointment_steps" x WHERE x.name = v.name);--> statement-breakpoint
UPDATE "categories" t SET "code" = v.code FROM (VALUES ('animals', 'Kurbanlık'), ('cattle', 'Büyükbaş Kurbanlık'), ('sheep', 'Küçükbaş Kurbanlık'), ('meat', 'Et Ürünleri'), ('redMeat', 'Kırmızı Et'), ('services', 'Hizmetler')) v(code, name)
  WHERE t.id = (SELECT min(x.id) FROM "categories" x WHERE x.name = v.name);
