import { LOCAL_TIME_ATTRIBUTE, localTimeWords } from "~/lib/bookings/local-time";

/**
 * Beside each offered or booked Lagos time, the visitor's own time when their clock differs
 * (issue 42: clients in 15+ countries). React writes the same once it runs
 * (components/bookings/LocalTime.tsx); before that, and on a page React never starts, this does.
 */
export function wireLocalTimes(): void {
  for (const span of document.querySelectorAll<HTMLElement>(`[${LOCAL_TIME_ATTRIBUTE}]`)) {
    const words = localTimeWords(Number(span.getAttribute(LOCAL_TIME_ATTRIBUTE)));
    if (words && span.textContent === "") span.textContent = words;
  }
}
