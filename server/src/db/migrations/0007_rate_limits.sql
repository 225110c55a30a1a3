-- The sign-in rate limit, counted once for every server instance on the database (issue 9,
-- point 4): one row per route and client address with the hits of its current window
-- (plugins/rate-limit-store.ts adds a hit with one INSERT … ON CONFLICT DO UPDATE and removes
-- expired rows now and then). UNLOGGED: no write-ahead log for a counter; after a crash the table
-- is empty and the windows simply start again. Not replicated to standbys either, which a counter
-- does not need.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ix_rate_limits__expires_at" ON "rate_limits" USING btree ("expires_at");
