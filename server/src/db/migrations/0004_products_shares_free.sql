-- Written by drizzle-kit from Product.sharesFree (x-generated): the free shares of an animal as a
-- column of its own, so the generic list filters, sorts and counts on it.
ALTER TABLE "products" ADD COLUMN "shares_free" integer GENERATED ALWAYS AS (coalesce(share_capacity, 0) - shares_sold) STORED NOT NULL;
