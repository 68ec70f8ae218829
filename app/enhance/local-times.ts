import { LOCAL_TIME_ATTRIBUTE, localTimeWords } from "~/lib/bookings/local-time";

/**
 * Beside each offered or booked Lagos time, the visitor's own time when their clock differs
 * (issue 42: clients in 15+ countries). React writes the same once it runs
 * (components/bookings/LocalTime.tsx); before that, and on a page React never starts, this does.
 */
export function wireLocalTimes(): void {
  for (const span of document.querySelectorAll<HTMLElement>(`[${LOCAL_TIME_ATTRIBUTE}]`)) {
    // The instant in epoch ms, or empty: then the `<time>` just before says it.
    const named = span.getAttribute(LOCAL_TIME_ATTRIBUTE);
    const before = span.previousElementSibling;
    const instant = named
      ? Number(named)
      : before instanceof HTMLTimeElement
        ? Date.parse(before.dateTime)
        : NaN;
    if (Number.isNaN(instant)) continue;
    const words = localTimeWords(instant);
    if (words && span.textContent === "") span.textContent = words;
  }
}
