-- Trigram indexes back the case-insensitive "contains" keyword search of the lists.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
