-- A retry never writes twice (issue 16, point 2): the first answer of a write sent with an
-- Idempotency-Key, kept for a day (db/idempotency.ts). And numbers from a counter row instead of
-- a scan under a lock (point 5): `number_series` holds the last number of each series; the
-- function that takes the next one is rules/numbers.sql. A series without a row yet (numbers
-- written before this table, or by an import) starts after the highest number it finds, once.
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"operation" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pk_idempotency_keys" PRIMARY KEY("user_id","operation","key")
);
--> statement-breakpoint
CREATE TABLE "number_series" (
	"series" text PRIMARY KEY NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ix_idempotency_keys__created_at" ON "idempotency_keys" USING btree ("created_at");