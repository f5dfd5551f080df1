-- Site search (issue 14): trigram matching for typos, partial words and indexed title ILIKE. PGlite loads the same
-- contrib extension (db/client.ts, PGLITE_OPTIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
