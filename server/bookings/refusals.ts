/**
 * The database's "another booking won": 23P01 (exclusion_violation) from the appointments'
 * no-overlap constraint, or 40P01 (deadlock detected) between overlapping inserts that waited on
 * each other on Postgres (docs/decisions/042). Drizzle wraps the driver's error; its code is found
 * underneath.
 */
export function isTimeTaken(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (code === "23P01" || code === "40P01") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
