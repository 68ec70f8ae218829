-- The inbox's search by part of a name, e-mail or phone (server/db/search-text.ts, issue 41 item 12).
-- pg_trgm is a trusted extension (Postgres 13+): the database's owner may create it; PGlite loads
-- it in server/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ((regexp_replace(normalize(lower(coalesce("name", '') || E'\n' || coalesce("email", '')), NFD), '[\u0300-\u036f]', '', 'g') || E'\n' || regexp_replace(regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g'), '^234', '0')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "submissions_search_idx" ON "submissions" USING gin ((regexp_replace(normalize(lower(coalesce("payload"->>'name', '') || E'\n' || coalesce("payload"->>'email', '')), NFD), '[\u0300-\u036f]', '', 'g') || E'\n' || regexp_replace(regexp_replace(coalesce("payload"->>'phone', ''), '[^0-9]', '', 'g'), '^234', '0')) gin_trgm_ops);