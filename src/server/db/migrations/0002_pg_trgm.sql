-- Trigram matching for "contains" searches (orders.url). Trusted extension: no superuser needed
-- on PostgreSQL 13+; PGlite loads it from @electric-sql/pglite/contrib/pg_trgm (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
