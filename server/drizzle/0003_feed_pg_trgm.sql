-- Trigram indexes for the customer lookup (partial name, e-mail, ticket and serial). PGlite loads the
-- extension in its constructor (server/src/db/client.ts); PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
