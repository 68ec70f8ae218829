/**
 * The data of the 403 an editor not in INBOX_EMAILS gets from a reader's page
 * (app/lib/admin/access.server.ts), which the root's error boundary shows as "This page is for the
 * people who read enquiries" (app/components/admin/ReadersOnly.tsx).
 */
export const READERS_ONLY = "readers-only";

export function isReadersOnly(status: number, data: unknown): boolean {
  return status === 403 && data === READERS_ONLY;
}
