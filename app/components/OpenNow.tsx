import { practice } from "~/content/site";
import { openingStatus } from "~/lib/opening-hours";
import { useSite } from "~/lib/site";

/**
 * Whether the office is open right now, in Lagos time. The server writes it as of the page's
 * making (a cached page may be hours old), and the small script (app/enhance/open-now.ts) keeps
 * it current on the visitor's device from the hours written beside it.
 */
export function OpenNow() {
  const site = useSite();
  const status = openingStatus(new Date(), site.openingHours, practice.timeZone);
  return (
    <p
      className="mt-2 inline-flex items-center gap-2 font-semibold"
      data-open-now={JSON.stringify(site.openingHours)}
      data-time-zone={practice.timeZone}
      suppressHydrationWarning
    >
      <span
        aria-hidden="true"
        className={`size-2.5 rounded-full ${status.open ? "bg-teal-700" : "bg-clay-600"}`}
        suppressHydrationWarning
      />
      <span suppressHydrationWarning>{status.text}</span>
    </p>
  );
}
