/**
 * What may be logged about a failed query. Drizzle's error message carries the SQL and its
 * parameters, which hold what visitors typed (and their IP addresses in rate-limit keys); the
 * driver's own error underneath says what went wrong without them: "connect ECONNREFUSED …",
 * "Connection terminated unexpectedly", or Postgres's message and SQLSTATE (never its detail,
 * which can quote values).
 */
export function describeDatabaseError(error: unknown): string {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // Unwrap Drizzle's query error (and any other wrapper) down to the driver's error.
  while (
    current instanceof Error &&
    current.cause !== undefined &&
    !seen.has(current) &&
    /^Failed query:/.test(current.message)
  ) {
    seen.add(current);
    current = current.cause;
  }
  if (!(current instanceof Error)) return String(current).slice(0, 200);
  if (/^Failed query:/.test(current.message)) return "query failed";
  const code = (current as { code?: unknown }).code;
  return `${typeof code === "string" ? `${code}: ` : ""}${current.message}`.slice(0, 200);
}
