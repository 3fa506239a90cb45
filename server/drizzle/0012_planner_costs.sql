-- The planner's cost of a random page read, for this database: 1.1 instead of PostgreSQL's 4, which dates
-- from spinning disks. The product's working set (list pages, a record's tags and directors) is cached or on
-- SSD, where a random read costs about what a sequential one does; at 4 the planner hashes a whole small table
-- for every listed row instead of probing its primary key three times, and a page of videos takes twice as
-- long. A value set for the database before (by its administrator) is kept, and so is the default when this
-- role may not change it. It reaches sessions opened from now on.
DO $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase
    WHERE d.datname = current_database() AND s.setrole = 0
      AND EXISTS (SELECT 1 FROM unnest(s.setconfig) AS c WHERE c LIKE 'random\_page\_cost=%')
  ) THEN
    EXECUTE format('ALTER DATABASE %I SET random_page_cost = 1.1', current_database());
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'random_page_cost left as it is: %', SQLERRM;
END $$;
