/**
 * Node.js majors and the day each stops getting security fixes (nodejs.org/en/about/previous-
 * releases). A site that takes payments and private messages should not run past that day, so the
 * server says so once at start-up (docs/decisions/035). A major newer than the table knows is
 * taken to be supported; one older than all of it is long past its end.
 */
export const NODE_END_OF_LIFE: Readonly<Record<number, string>> = {
  18: "2025-04-30",
  19: "2023-06-01",
  20: "2026-04-30",
  21: "2024-06-01",
  22: "2027-04-30",
  23: "2025-06-01",
  24: "2028-04-30",
};

/** The warning to log when `version` (like process.version) is past its end of life, else null. */
export function nodeEndOfLifeWarning(version: string, today: Date = new Date()): string | null {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (!Number.isInteger(major)) return null;
  const oldest = Math.min(...Object.keys(NODE_END_OF_LIFE).map(Number));
  const endOfLife = NODE_END_OF_LIFE[major];
  if (major >= oldest) {
    // The last day is still supported, wherever in the world the server is.
    if (!endOfLife || today.getTime() < Date.parse(`${endOfLife}T00:00:00Z`) + 86_400_000) {
      return null;
    }
  }
  return (
    `Node.js ${version} reached its end of life${endOfLife ? ` on ${endOfLife}` : ""} and no ` +
    "longer gets security fixes. Run the site on Node 22 or 24 LTS (docs/deployment.md)."
  );
}
