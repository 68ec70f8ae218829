import { type SQL, sql } from "drizzle-orm";
import { searchTextSql } from "../db/search-text";

/**
 * The inbox's search (issue 41 item 12): part of a name or e-mail address, in any case and with
 * or without its accents ("adebayo" finds "Adébáyọ̀"), or part of a phone number however it is
 * written ("0803…", "+234 803…", "803 123"). It looks in the text of server/db/search-text.ts,
 * on its trigram index, so a search reads the rows that can match, not every row.
 */

/** What is looked for, as the search text holds it; "" for nothing to look for. */
export function searchNeedle(q: string | undefined): string {
  const typed = (q ?? "").trim();
  if (typed === "") return "";
  // A phone number: digits with the signs people write between them, at least three digits.
  const digits = typed.replace(/\D/g, "");
  if (/^\+?[\d\s().-]+$/.test(typed) && digits.length >= 3) {
    // +234 803… and 234 803… are the 0803… of a local number; "234" alone is only digits.
    return digits.length > 3 && digits.startsWith("234")
      ? `0${digits.slice(3).replace(/^0/, "")}`
      : digits;
  }
  return (
    typed
      .toLowerCase()
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      // One line of the search text each: a search never runs from a name into its address.
      .replace(/\s+/g, " ")
  );
}

/** LIKE's own characters taken literally: a search for "a_b" or "100%" means what it says. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** ` and <the row's text> like '%…%'`, or nothing when there is nothing to look for. */
export function searchCondition(q: string | undefined, name: SQL, email: SQL, phone: SQL): SQL {
  const needle = searchNeedle(q);
  if (needle === "") return sql``;
  return sql` and ${searchTextSql(name, email, phone)} like ${`%${likeLiteral(needle)}%`}`;
}
