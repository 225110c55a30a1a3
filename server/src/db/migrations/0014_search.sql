-- The global search matches text folded (Turkish letters and case: kurban_fold) and phones by
-- their last ten digits (kurban_phone_key), through a trigram index of each searched field
-- (issue 17, point 3). The functions' bodies live in rules/search.sql from here on; the indexes
-- below replace the three plain trigram indexes.
CREATE FUNCTION kurban_fold(value text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 100 AS $$
BEGIN
  -- lower() first (İ → i, I → i), then the Turkish letters one by one: replace() is four times
  -- faster than a translate() of multibyte letters, and this runs on every row a filter reads.
  RETURN replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(value),
    'ç', 'c'), 'ğ', 'g'), 'ı', 'i'), 'ö', 'o'), 'ş', 's'), 'ü', 'u'), 'â', 'a'), 'î', 'i'), 'û', 'u');
END $$;
--> statement-breakpoint
CREATE FUNCTION kurban_phone_key(value text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE COST 100 AS $$
BEGIN
  RETURN right(regexp_replace(value, '[^0-9]', '', 'g'), 10);
END $$;
--> statement-breakpoint
DROP INDEX "ix_accounts__title_trgm";--> statement-breakpoint
DROP INDEX "ix_products__name_trgm";--> statement-breakpoint
DROP INDEX "ix_transactions__description_trgm";--> statement-breakpoint
CREATE INDEX "ix_account_addresses__city_search" ON "account_addresses" USING gin (kurban_fold("city") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_account_addresses__district_search" ON "account_addresses" USING gin (kurban_fold("district") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_account_addresses__address_line_search" ON "account_addresses" USING gin (kurban_fold("address_line") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_account_addresses__postal_code_search" ON "account_addresses" USING gin (kurban_fold("postal_code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_account_types__name_search" ON "account_types" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_account_types__description_search" ON "account_types" USING gin (kurban_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_accounts__code_search" ON "accounts" USING gin (kurban_fold("code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_accounts__title_search" ON "accounts" USING gin (kurban_fold("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_accounts__phone_number_search" ON "accounts" USING gin (kurban_phone_key("phone_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_accounts__identity_number_search" ON "accounts" USING gin (kurban_fold("identity_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_address_types__name_search" ON "address_types" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_appointment_types__name_search" ON "appointment_types" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_appointments__notes_search" ON "appointments" USING gin (kurban_fold("notes") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_attribute_options__value_search" ON "attribute_options" USING gin (kurban_fold("value") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_attribute_types__name_search" ON "attribute_types" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_attributes__name_search" ON "attributes" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_attributes__unit_search" ON "attributes" USING gin (kurban_fold("unit") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_audit_logs__user_name_search" ON "audit_logs" USING gin (kurban_fold("user_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_audit_logs__operation_search" ON "audit_logs" USING gin (kurban_fold("operation") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_audit_logs__entity_search" ON "audit_logs" USING gin (kurban_fold("entity") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_categories__name_search" ON "categories" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_categories__description_search" ON "categories" USING gin (kurban_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_currency_types__code_search" ON "currency_types" USING gin (kurban_fold("code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_currency_types__name_search" ON "currency_types" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_groups__name_search" ON "groups" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_groups__description_search" ON "groups" USING gin (kurban_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_languages__name_search" ON "languages" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_languages__code_search" ON "languages" USING gin (kurban_fold("code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_netgsm_call_webhook_logs__caller_number_search" ON "netgsm_call_webhook_logs" USING gin (kurban_phone_key("caller_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_netgsm_call_webhook_logs__called_number_search" ON "netgsm_call_webhook_logs" USING gin (kurban_phone_key("called_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_netgsm_call_webhook_logs__unique_id_search" ON "netgsm_call_webhook_logs" USING gin (kurban_fold("unique_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_operation_claims__name_search" ON "operation_claims" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_operation_claims__description_search" ON "operation_claims" USING gin (kurban_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_payment_methods__name_search" ON "payment_methods" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_payment_statuses__name_search" ON "payment_statuses" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_price_types__name_search" ON "price_types" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_price_types__description_search" ON "price_types" USING gin (kurban_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_product_attribute_values__value_search" ON "product_attribute_values" USING gin (kurban_fold("value") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_product_types__name_search" ON "product_types" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_product_types__description_search" ON "product_types" USING gin (kurban_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_products__code_search" ON "products" USING gin (kurban_fold("code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_products__name_search" ON "products" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_products__description_search" ON "products" USING gin (kurban_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_settings__key_search" ON "settings" USING gin (kurban_fold("key") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_settings__description_search" ON "settings" USING gin (kurban_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_transaction_types__name_search" ON "transaction_types" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_transaction_types__description_search" ON "transaction_types" USING gin (kurban_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_transactions__description_search" ON "transactions" USING gin (kurban_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_transactions__document_no_search" ON "transactions" USING gin (kurban_fold("document_no") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_translates__code_search" ON "translates" USING gin (kurban_fold("code") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_translates__value_search" ON "translates" USING gin (kurban_fold("value") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_translates__name_search" ON "translates" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_users__email_search" ON "users" USING gin (kurban_fold("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_users__first_name_search" ON "users" USING gin (kurban_fold("first_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_users__last_name_search" ON "users" USING gin (kurban_fold("last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_users__phone_number_search" ON "users" USING gin (kurban_phone_key("phone_number") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_vat_rates__name_search" ON "vat_rates" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_appointment_steps__name_search" ON "victim_appointment_steps" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_appointments__notes_search" ON "victim_appointments" USING gin (kurban_fold("notes") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_order_details__shareholder_name_search" ON "victim_order_details" USING gin (kurban_fold("shareholder_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_order_details__shareholder_phone_search" ON "victim_order_details" USING gin (kurban_phone_key("shareholder_phone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_order_details__notes_search" ON "victim_order_details" USING gin (kurban_fold("notes") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_orders__order_no_search" ON "victim_orders" USING gin (kurban_fold("order_no") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_orders__notes_search" ON "victim_orders" USING gin (kurban_fold("notes") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_payments__receipt_no_search" ON "victim_payments" USING gin (kurban_fold("receipt_no") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_payments__description_search" ON "victim_payments" USING gin (kurban_fold("description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_victim_products_appointments__notes_search" ON "victim_products_appointments" USING gin (kurban_fold("notes") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_virtual_pos_devices__name_search" ON "virtual_pos_devices" USING gin (kurban_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_virtual_pos_devices__bank_name_search" ON "virtual_pos_devices" USING gin (kurban_fold("bank_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_virtual_pos_devices__merchant_id_search" ON "virtual_pos_devices" USING gin (kurban_fold("merchant_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ix_virtual_pos_devices__terminal_id_search" ON "virtual_pos_devices" USING gin (kurban_fold("terminal_id") gin_trgm_ops);