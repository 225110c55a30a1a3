-- Reference rows are found by a stable code, never by a display name staff may rename or
-- translate (issue 16, point 4): price types, account types, appointment types and attributes get
-- a `code` (payment statuses and methods have one; transaction types have their system code).
-- The reference seed sets the codes of the rows it makes; here, once, the rows an earlier seed
-- made are given theirs by the names it gave them (a name already changed by staff is left
-- without a code, and the seed adds the row the server needs at the next start).
ALTER TABLE "account_types" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "attributes" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "price_types" ADD COLUMN "code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "uq_account_types__code" ON "account_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_appointment_types__code" ON "appointment_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_attributes__code" ON "attributes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "uq_price_types__code" ON "price_types" USING btree ("code");--> statement-breakpoint
UPDATE "price_types" t SET "code" = m.code FROM (VALUES ('Satış', 'sale'), ('Alış', 'purchase'), ('Kapora', 'deposit'), ('Hisse Fiyatı', 'share')) AS m(name, code)
WHERE t."name" = m.name AND t."id" = (SELECT min(id) FROM "price_types" WHERE "name" = m.name);--> statement-breakpoint
UPDATE "account_types" t SET "code" = m.code FROM (VALUES ('Müşteri', 'customer'), ('Tedarikçi', 'supplier'), ('Personel', 'staff'), ('Bağışçı', 'donor')) AS m(name, code)
WHERE t."name" = m.name AND t."id" = (SELECT min(id) FROM "account_types" WHERE "name" = m.name);--> statement-breakpoint
UPDATE "appointment_types" t SET "code" = m.code FROM (VALUES ('Kesim', 'slaughter'), ('Teslim Alma', 'pickup'), ('Ziyaret', 'visit')) AS m(name, code)
WHERE t."name" = m.name AND t."id" = (SELECT min(id) FROM "appointment_types" WHERE "name" = m.name);--> statement-breakpoint
UPDATE "attributes" t SET "code" = m.code FROM (VALUES ('Irk', 'breed'), ('Canlı ağırlık', 'liveWeight'), ('Küpe no', 'earTag'), ('Yaş', 'age')) AS m(name, code)
WHERE t."name" = m.name AND t."id" = (SELECT min(id) FROM "attributes" WHERE "name" = m.name);
