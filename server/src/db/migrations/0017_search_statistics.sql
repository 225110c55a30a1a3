-- The planner's estimate of how many rows a search matches (`kurban_fold(col) LIKE '%word%'`)
-- comes from the statistics ANALYZE keeps on the search index's expression. At the default
-- target (100) it is drawn from about 100 sampled values: measured on a million ledger entries,
-- the estimate for a common surname swung from 100 to 40,404 between ANALYZE runs (true: 25,136),
-- and about one run in twelve made the global search read every match through the trigram index
-- (114 ms instead of 1–2 ms). A target of 1000 on every search index's expression kept it within
-- 25k–33k over six runs; ANALYZE of that table takes about 3 s instead of 0.4 s (autovacuum's
-- work, not a request's).
DO $$
DECLARE
  ix record;
BEGIN
  FOR ix IN SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE 'ix\_%\_search' LOOP
    EXECUTE format('ALTER INDEX %I ALTER COLUMN 1 SET STATISTICS 1000', ix.indexname);
  END LOOP;
END $$;
