import { data } from "react-router";
import type { BookingsService } from "~/lib/services/bookings";
import { parseLagosDate } from "./lagos-time";
import { FIRST_AVAILABLE, type PickerView, offeredWeek } from "./page-types";

/**
 * The server's side of the visitor's booking pages (BOOKINGS=native, issue 42): which session,
 * counsellor and week a request asks for, and the headers every page that shows a booking or
 * its free times carries.
 */

/**
 * The picker for a session type, counsellor and week as asked (by the query string, or by a
 * posted form): anything unknown or malformed falls back to the first choice, never to an error.
 */
export async function pickerView(
  bookings: BookingsService,
  asked: { sessionTypeId?: string | null; counsellorId?: string | null; from?: string | null },
): Promise<PickerView> {
  const { sessionTypes, counsellors } = await bookings.catalogue();
  const sessionTypeId =
    sessionTypes.find((t) => t.id === asked.sessionTypeId)?.id ?? sessionTypes[0]?.id ?? "";
  const counsellorId = counsellors.find((c) => c.id === asked.counsellorId)?.id ?? FIRST_AVAILABLE;
  const from = asked.from && parseLagosDate(asked.from) ? asked.from : undefined;
  const times = sessionTypeId
    ? await bookings.freeTimes({ sessionTypeId, counsellorId, ...(from ? { from } : {}) })
    : { days: [] };
  return {
    sessionTypes,
    counsellors,
    sessionTypeId,
    counsellorId,
    from,
    times: offeredWeek(times),
  };
}

/**
 * Pages with free times or a booking are made for each request: never kept by the page cache
 * (docs/decisions/010 keeps nothing marked no-store) or a browser, never indexed, and a
 * booking's link never leaves for another site in a Referer header. `same-origin`, not
 * `no-referrer`: with no-referrer a browser sends its forms with `Origin: null`, which the form
 * guard (server/http/form-guard.ts) rightly refuses as another site's.
 */
export const privatePageHeaders = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "same-origin",
};

/** The 404 of a booking link that names no booking: forged, mistyped, or from another site. */
export function unknownBooking() {
  return data({ mode: "unknown" as const }, { status: 404, headers: privatePageHeaders });
}
