-- docs/decisions/042: the database itself refuses two live appointments of one counsellor whose
-- [starts_at, blocked_until) overlap. Drizzle cannot declare an exclusion constraint (0011 made
-- the table). btree_gist is a trusted extension (Postgres 13+): the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_times_in_order"
  CHECK ("starts_at" < "ends_at" AND "ends_at" <= "blocked_until");
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist (
  "counsellor_id" WITH =,
  tstzrange("starts_at", "blocked_until", '[)') WITH &&
) WHERE ("status" <> 'cancelled');
