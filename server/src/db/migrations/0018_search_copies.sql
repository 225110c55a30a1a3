-- Each field the global search reads gets a stored search copy (`<column>_search`, kept by the
-- database on every write): a text folded (kurban_fold), a phone as its last ten digits
-- (kurban_phone_key); its trigram index moves onto the copy. Folding a row or taking a phone's
-- digits costs about 2 µs: a list's count over a date range reads thousands of rows, and so does
-- a search through references (an order by its customer's phone); comparing the stored copy costs
-- a plain LIKE (issue 17, point 3). The copies' statistics get the target 0017 gave the folded
-- expressions, for the same reason, and the audit trail leaves them out as it leaves out every
-- column that is not the contract's (they follow their field: nobody's edit).
DROP INDEX "ix_account_addresses__city_search";--> statement-breakpoint
DROP INDEX "ix_account_addresses__district_search";--> statement-breakpoint
DROP INDEX "ix_account_addresses__address_line_search";--> statement-breakpoint
DROP INDEX "ix_account_addresses__postal_code_search";--> statement-breakpoint
DROP INDEX "ix_account_types__name_search";--> statement-breakpoint
DROP INDEX "ix_account_types__description_search";--> statement-breakpoint
DROP INDEX "ix_accounts__code_search";--> statement-breakpoint
DROP INDEX "ix_accounts__title_search";--> statement-breakpoint
DROP INDEX "ix_accounts__phone_number_search";--> statement-breakpoint
DROP INDEX "ix_accounts__identity_number_search";--> statement-breakpoint
DROP INDEX "ix_address_types__name_search";--> statement-breakpoint
DROP INDEX "ix_appointment_types__name_search";--> statement-breakpoint
DROP INDEX "ix_appointments__notes_search";--> statement-breakpoint
DROP INDEX "ix_attribute_options__value_search";--> statement-breakpoint
DROP INDEX "ix_attribute_types__name_search";--> statement-breakpoint
DROP INDEX "ix_attributes__name_search";--> statement-breakpoint
DROP INDEX "ix_attributes__unit_search";--> statement-breakpoint
DROP INDEX "ix_audit_logs__user_name_search";--> statement-breakpoint
DROP INDEX "ix_audit_logs__operation_search";--> statement-breakpoint
DROP INDEX "ix_audit_logs__entity_search";--> statement-breakpoint
DROP INDEX "ix_categories__name_search";--> statement-breakpoint
DROP INDEX "ix_categories__description_search";--> statement-breakpoint
DROP INDEX "ix_currency_types__code_search";--> statement-breakpoint
DROP INDEX "ix_currency_types__name_search";--> statement-breakpoint
DROP INDEX "ix_groups__name_search";--> statement-breakpoint
DROP INDEX "ix_groups__description_search";--> statement-breakpoint
DROP INDEX "ix_languages__name_search";--> statement-breakpoint
DROP INDEX "ix_languages__code_search";--> statement-breakpoint
DROP INDEX "ix_messages__phone_search";--> statement-breakpoint
DROP INDEX "ix_messages__text_search";--> statement-breakpoint
DROP INDEX "ix_netgsm_call_webhook_logs__caller_number_search";--> statement-breakpoint
DROP INDEX "ix_netgsm_call_webhook_logs__called_number_search";--> statement-breakpoint
DROP INDEX "ix_netgsm_call_webhook_logs__unique_id_search";--> statement-breakpoint
DROP INDEX "ix_operation_claims__name_search";--> statement-breakpoint
DROP INDEX "ix_operation_claims__description_search";--> statement-breakpoint
DROP INDEX "ix_payment_methods__name_search";--> statement-breakpoint
DROP INDEX "ix_payment_statuses__name_search";--> statement-breakpoint
DROP INDEX "ix_price_types__name_search";--> statement-breakpoint
DROP INDEX "ix_price_types__description_search";--> statement-breakpoint
DROP INDEX "ix_product_attribute_values__value_search";--> statement-breakpoint
DROP INDEX "ix_product_types__name_search";--> statement-breakpoint
DROP INDEX "ix_product_types__description_search";--> statement-breakpoint
DROP INDEX "ix_products__code_search";--> statement-breakpoint
DROP INDEX "ix_products__name_search";--> statement-breakpoint
DROP INDEX "ix_products__description_search";--> statement-breakpoint
DROP INDEX "ix_settings__key_search";--> statement-breakpoint
DROP INDEX "ix_settings__description_search";--> statement-breakpoint
DROP INDEX "ix_transaction_types__name_search";--> statement-breakpoint
DROP INDEX "ix_transaction_types__description_search";--> statement-breakpoint
DROP INDEX "ix_transactions__description_search";--> statement-breakpoint
DROP INDEX "ix_transactions__document_no_search";--> statement-breakpoint
DROP INDEX "ix_translates__code_search";--> statement-breakpoint
DROP INDEX "ix_translates__value_search";--> statement-breakpoint
DROP INDEX "ix_translates__name_search";--> statement-breakpoint
DROP INDEX "ix_users__email_search";--> statement-breakpoint
DROP INDEX "ix_users__first_name_search";--> statement-breakpoint
DROP INDEX "ix_users__last_name_search";--> statement-breakpoint
DROP INDEX "ix_users__phone_number_search";--> statement-breakpoint
DROP INDEX "ix_vat_rates__name_search";--> statement-breakpoint
DROP INDEX "ix_victim_appointment_steps__name_search";--> statement-breakpoint
DROP INDEX "ix_victim_appointments__notes_search";--> statement-breakpoint
DROP INDEX "ix_victim_order_details__shareholder_name_search";--> statement-breakpoint
DROP INDEX "ix_victim_order_details__shareholder_phone_search";--> statement-breakpoint
DROP INDEX "ix_victim_order_details__notes_search";--> statement-breakpoint
DROP INDEX "ix_victim_orders__order_no_search";--> statement-breakpoint
DROP INDEX "ix_victim_orders__notes_search";--> statement-breakpoint
DROP INDEX "ix_victim_payments__receipt_no_search";--> statement-breakpoint
DROP INDEX "ix_victim_payments__description_search";--> statement-breakpoint
DROP INDEX "ix_victim_products_appointments__notes_search";--> statement-breakpoint
DROP INDEX "ix_virtual_pos_devices__name_search";--> statement-breakpoint
DROP INDEX "ix_virtual_pos_devices__bank_name_search";--> statement-breakpoint
DROP INDEX "ix_virtual_pos_devices__merchant_id_search";--> statement-breakpoint
DROP INDEX "ix_virtual_pos_devices__terminal_id_search";--> statement-breakpoint
ALTER TABLE "account_addresses" ADD COLUMN "city_search" text GENERATED ALWAYS AS (kurban_fold("city")) STORED;--> statement-breakpoint
ALTER TABLE "account_addresses" ADD COLUMN "district_search" text GENERATED ALWAYS AS (kurban_fold("district")) STORED;--> statement-breakpoint
ALTER TABLE "account_addresses" ADD COLUMN "address_line_search" text GENERATED ALWAYS AS (kurban_fold("address_line")) STORED;--> statement-breakpoint
ALTER TABLE "account_addresses" ADD COLUMN "postal_code_search" text GENERATED ALWAYS AS (kurban_fold("postal_code")) STORED;--> statement-breakpoint
ALTER TABLE "account_types" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "account_types" ADD COLUMN "description_search" text GENERATED ALWAYS AS (kurban_fold("description")) STORED;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "code_search" text GENERATED ALWAYS AS (kurban_fold("code")) STORED;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "title_search" text GENERATED ALWAYS AS (kurban_fold("title")) STORED;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "phone_number_search" text GENERATED ALWAYS AS (kurban_phone_key("phone_number")) STORED;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "identity_number_search" text GENERATED ALWAYS AS (kurban_fold("identity_number")) STORED;--> statement-breakpoint
ALTER TABLE "address_types" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "appointment_types" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "notes_search" text GENERATED ALWAYS AS (kurban_fold("notes")) STORED;--> statement-breakpoint
ALTER TABLE "attribute_options" ADD COLUMN "value_search" text GENERATED ALWAYS AS (kurban_fold("value")) STORED;--> statement-breakpoint
ALTER TABLE "attribute_types" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "attributes" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "attributes" ADD COLUMN "unit_search" text GENERATED ALWAYS AS (kurban_fold("unit")) STORED;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "user_name_search" text GENERATED ALWAYS AS (kurban_fold("user_name")) STORED;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "operation_search" text GENERATED ALWAYS AS (kurban_fold("operation")) STORED;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "entity_search" text GENERATED ALWAYS AS (kurban_fold("entity")) STORED;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "description_search" text GENERATED ALWAYS AS (kurban_fold("description")) STORED;--> statement-breakpoint
ALTER TABLE "currency_types" ADD COLUMN "code_search" text GENERATED ALWAYS AS (kurban_fold("code")) STORED;--> statement-breakpoint
ALTER TABLE "currency_types" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "description_search" text GENERATED ALWAYS AS (kurban_fold("description")) STORED;--> statement-breakpoint
ALTER TABLE "languages" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "languages" ADD COLUMN "code_search" text GENERATED ALWAYS AS (kurban_fold("code")) STORED;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "phone_search" text GENERATED ALWAYS AS (kurban_phone_key("phone")) STORED;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "text_search" text GENERATED ALWAYS AS (kurban_fold("text")) STORED;--> statement-breakpoint
ALTER TABLE "netgsm_call_webhook_logs" ADD COLUMN "caller_number_search" text GENERATED ALWAYS AS (kurban_phone_key("caller_number")) STORED;--> statement-breakpoint
ALTER TABLE "netgsm_call_webhook_logs" ADD COLUMN "called_number_search" text GENERATED ALWAYS AS (kurban_phone_key("called_number")) STORED;--> statement-breakpoint
ALTER TABLE "netgsm_call_webhook_logs" ADD COLUMN "unique_id_search" text GENERATED ALWAYS AS (kurban_fold("unique_id")) STORED;--> statement-breakpoint
ALTER TABLE "operation_claims" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "operation_claims" ADD COLUMN "description_search" text GENERATED ALWAYS AS (kurban_fold("description")) STORED;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "payment_statuses" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "price_types" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "price_types" ADD COLUMN "description_search" text GENERATED ALWAYS AS (kurban_fold("description")) STORED;--> statement-breakpoint
ALTER TABLE "product_attribute_values" ADD COLUMN "value_search" text GENERATED ALWAYS AS (kurban_fold("value")) STORED;--> statement-breakpoint
ALTER TABLE "product_types" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "product_types" ADD COLUMN "description_search" text GENERATED ALWAYS AS (kurban_fold("description")) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "code_search" text GENERATED ALWAYS AS (kurban_fold("code")) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_search" text GENERATED ALWAYS AS (kurban_fold("description")) STORED;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "key_search" text GENERATED ALWAYS AS (kurban_fold("key")) STORED;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "description_search" text GENERATED ALWAYS AS (kurban_fold("description")) STORED;--> statement-breakpoint
ALTER TABLE "transaction_types" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "transaction_types" ADD COLUMN "description_search" text GENERATED ALWAYS AS (kurban_fold("description")) STORED;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "description_search" text GENERATED ALWAYS AS (kurban_fold("description")) STORED;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "document_no_search" text GENERATED ALWAYS AS (kurban_fold("document_no")) STORED;--> statement-breakpoint
ALTER TABLE "translates" ADD COLUMN "code_search" text GENERATED ALWAYS AS (kurban_fold("code")) STORED;--> statement-breakpoint
ALTER TABLE "translates" ADD COLUMN "value_search" text GENERATED ALWAYS AS (kurban_fold("value")) STORED;--> statement-breakpoint
ALTER TABLE "translates" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_search" text GENERATED ALWAYS AS (kurban_fold("email")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_name_search" text GENERATED ALWAYS AS (kurban_fold("first_name")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_name_search" text GENERATED ALWAYS AS (kurban_fold("last_name")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_number_search" text GENERATED ALWAYS AS (kurban_phone_key("phone_number")) STORED;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "victim_appointment_steps" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "victim_appointments" ADD COLUMN "notes_search" text GENERATED ALWAYS AS (kurban_fold("notes")) STORED;--> statement-breakpoint
ALTER TABLE "victim_order_details" ADD COLUMN "shareholder_name_search" text GENERATED ALWAYS AS (kurban_fold("shareholder_name")) STORED;--> statement-breakpoint
ALTER TABLE "victim_order_details" ADD COLUMN "shareholder_phone_search" text GENERATED ALWAYS AS (kurban_phone_key("shareholder_phone")) STORED;--> statement-breakpoint
ALTER TABLE "victim_order_details" ADD COLUMN "notes_search" text GENERATED ALWAYS AS (kurban_fold("notes")) STORED;--> statement-breakpoint
ALTER TABLE "victim_orders" ADD COLUMN "order_no_search" text GENERATED ALWAYS AS (kurban_fold("order_no")) STORED;--> statement-breakpoint
ALTER TABLE "victim_orders" ADD COLUMN "notes_search" text GENERATED ALWAYS AS (kurban_fold("notes")) STORED;--> statement-breakpoint
ALTER TABLE "victim_payments" ADD COLUMN "receipt_no_search" text GENERATED ALWAYS AS (kurban_fold("receipt_no")) STORED;--> statement-breakpoint
ALTER TABLE "victim_payments" ADD COLUMN "description_search" text GENERATED ALWAYS AS (kurban_fold("description")) STORED;--> statement-breakpoint
ALTER TABLE "victim_products_appointments" ADD COLUMN "notes_search" text GENERATED ALWAYS AS (kurban_fold("notes")) STORED;--> statement-breakpoint
ALTER TABLE "virtual_pos_devices" ADD COLUMN "name_search" text GENERATED ALWAYS AS (kurban_fold("name")) STORED;--> statement-breakpoint
ALTER TABLE "virtual_pos_devices" ADD COLUMN "bank_name_search" text GENERATED ALWAYS AS (kurban_fold("bank_name")) STORED;--> statement-breakpoint
ALTER TABLE "virtual_pos_devices" ADD COLUMN "merchant_id_search" text GENERATED ALWAYS AS (kurban_fold("merchant_id")) STORED;--> statement-breakpoint
ALTER TABLE "virtual_pos_devices" ADD COLUMN "terminal_id_search" text GENERATED ALWAYS AS (kurban_fold("terminal_id")) STORED;--> statement-breakpoint
CREATE INDEX "ix_account_addresses__city_search" ON "account_addresses" USING gin ("city_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_account_addresses__district_search" ON "account_addresses" USING gin ("district_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_account_addresses__address_line_search" ON "account_addresses" USING gin ("address_line_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_account_addresses__postal_code_search" ON "account_addresses" USING gin ("postal_code_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_account_types__name_search" ON "account_types" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_account_types__description_search" ON "account_types" USING gin ("description_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_accounts__code_search" ON "accounts" USING gin ("code_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_accounts__title_search" ON "accounts" USING gin ("title_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_accounts__phone_number_search" ON "accounts" USING gin ("phone_number_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_accounts__identity_number_search" ON "accounts" USING gin ("identity_number_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_address_types__name_search" ON "address_types" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_appointment_types__name_search" ON "appointment_types" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_appointments__notes_search" ON "appointments" USING gin ("notes_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_attribute_options__value_search" ON "attribute_options" USING gin ("value_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_attribute_types__name_search" ON "attribute_types" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_attributes__name_search" ON "attributes" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_attributes__unit_search" ON "attributes" USING gin ("unit_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_audit_logs__user_name_search" ON "audit_logs" USING gin ("user_name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_audit_logs__operation_search" ON "audit_logs" USING gin ("operation_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_audit_logs__entity_search" ON "audit_logs" USING gin ("entity_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_categories__name_search" ON "categories" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_categories__description_search" ON "categories" USING gin ("description_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_currency_types__code_search" ON "currency_types" USING gin ("code_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_currency_types__name_search" ON "currency_types" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_groups__name_search" ON "groups" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_groups__description_search" ON "groups" USING gin ("description_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_languages__name_search" ON "languages" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_languages__code_search" ON "languages" USING gin ("code_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_messages__phone_search" ON "messages" USING gin ("phone_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_messages__text_search" ON "messages" USING gin ("text_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_netgsm_call_webhook_logs__caller_number_search" ON "netgsm_call_webhook_logs" USING gin ("caller_number_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_netgsm_call_webhook_logs__called_number_search" ON "netgsm_call_webhook_logs" USING gin ("called_number_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_netgsm_call_webhook_logs__unique_id_search" ON "netgsm_call_webhook_logs" USING gin ("unique_id_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_operation_claims__name_search" ON "operation_claims" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_operation_claims__description_search" ON "operation_claims" USING gin ("description_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_payment_methods__name_search" ON "payment_methods" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_payment_statuses__name_search" ON "payment_statuses" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_price_types__name_search" ON "price_types" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_price_types__description_search" ON "price_types" USING gin ("description_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_product_attribute_values__value_search" ON "product_attribute_values" USING gin ("value_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_product_types__name_search" ON "product_types" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_product_types__description_search" ON "product_types" USING gin ("description_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_products__code_search" ON "products" USING gin ("code_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_products__name_search" ON "products" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_products__description_search" ON "products" USING gin ("description_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_settings__key_search" ON "settings" USING gin ("key_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_settings__description_search" ON "settings" USING gin ("description_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_transaction_types__name_search" ON "transaction_types" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_transaction_types__description_search" ON "transaction_types" USING gin ("description_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_transactions__description_search" ON "transactions" USING gin ("description_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_transactions__document_no_search" ON "transactions" USING gin ("document_no_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_translates__code_search" ON "translates" USING gin ("code_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_translates__value_search" ON "translates" USING gin ("value_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_translates__name_search" ON "translates" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_users__email_search" ON "users" USING gin ("email_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_users__first_name_search" ON "users" USING gin ("first_name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_users__last_name_search" ON "users" USING gin ("last_name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_users__phone_number_search" ON "users" USING gin ("phone_number_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_vat_rates__name_search" ON "vat_rates" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_appointment_steps__name_search" ON "victim_appointment_steps" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_appointments__notes_search" ON "victim_appointments" USING gin ("notes_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_order_details__shareholder_name_search" ON "victim_order_details" USING gin ("shareholder_name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_order_details__shareholder_phone_search" ON "victim_order_details" USING gin ("shareholder_phone_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_order_details__notes_search" ON "victim_order_details" USING gin ("notes_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_orders__order_no_search" ON "victim_orders" USING gin ("order_no_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_orders__notes_search" ON "victim_orders" USING gin ("notes_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_payments__receipt_no_search" ON "victim_payments" USING gin ("receipt_no_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_payments__description_search" ON "victim_payments" USING gin ("description_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_products_appointments__notes_search" ON "victim_products_appointments" USING gin ("notes_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_virtual_pos_devices__name_search" ON "virtual_pos_devices" USING gin ("name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_virtual_pos_devices__bank_name_search" ON "virtual_pos_devices" USING gin ("bank_name_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_virtual_pos_devices__merchant_id_search" ON "virtual_pos_devices" USING gin ("merchant_id_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_virtual_pos_devices__terminal_id_search" ON "virtual_pos_devices" USING gin ("terminal_id_search" gin_trgm_ops);--> statement-breakpoint
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT a.attrelid::regclass AS tbl, a.attname FROM pg_attribute a JOIN pg_class r ON r.oid = a.attrelid
           WHERE r.relnamespace = current_schema()::regnamespace AND r.relkind = 'r'
             AND a.attname LIKE '%\_search' AND a.attgenerated = 's' AND NOT a.attisdropped LOOP
    EXECUTE format('ALTER TABLE %s ALTER COLUMN %I SET STATISTICS 1000', c.tbl, c.attname);
  END LOOP;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  tr record;
  args text[];
BEGIN
  FOR tr IN SELECT c.relname AS tbl, g.tgname, g.tgargs,
                   array_agg(a.attname::text ORDER BY a.attnum) AS copies
            FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
            JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname LIKE '%\_search' AND a.attgenerated = 's' AND NOT a.attisdropped
            WHERE g.tgname = 'tr_' || c.relname || '__audit' AND c.relnamespace = current_schema()::regnamespace
            GROUP BY c.relname, g.tgname, g.tgargs LOOP
    args := array_remove(string_to_array(encode(tr.tgargs, 'escape'), '\000'), '');
    EXECUTE format('DROP TRIGGER %I ON %I', tr.tgname, tr.tbl);
    PERFORM kurban_audit_attach(tr.tbl, args[1], VARIADIC args[2:] || tr.copies);
  END LOOP;
END $$;
