import { type SQL, sql } from "drizzle-orm";

/**
 * What the inbox's search looks in (issue 41 item 12): a row's name and e-mail in lower case
 * with their accents taken off ("Fúnmiláyọ̀" reads "funmilayo"), then its phone number as digits
 * with +234 written as 0, one per line. The same expression is the trigram index of
 * `submissions` and `orders` (schema.ts) and the left side of the search's LIKE
 * (server/inbox/search.ts): the database uses the index only for the identical expression, so
 * both are made here. NFD splits a letter from its marks (U+0300–U+036F), which are then dropped:
 * no `unaccent` dictionary, whose function cannot be indexed, and no extension but pg_trgm.
 */
export function searchTextSql(name: SQL, email: SQL, phone: SQL): SQL {
  return sql`(regexp_replace(normalize(lower(coalesce(${name}, '') || E'\\n' || coalesce(${email}, '')), NFD), '[\\u0300-\\u036f]', '', 'g') || E'\\n' || regexp_replace(regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g'), '^234', '0'))`;
}
