import { useSite } from "~/lib/site";
import { formatTime } from "~/lib/opening-hours";

/** The practice's week of opening hours and its emergency note (/contact and /offline). */
export function OfficeHours() {
  const site = useSite();
  return (
    <>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {site.openingHours.map((h) => (
          <div key={h.label} className="contents">
            <dt className="font-semibold">{h.label}</dt>
            <dd>
              {h.opens && h.closes ? `${formatTime(h.opens)} – ${formatTime(h.closes)}` : "Closed"}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-muted">{site.emergencyNote}</p>
    </>
  );
}
