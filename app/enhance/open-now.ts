import type { OpeningHours } from "~/content/site";
import { openingStatus } from "~/lib/opening-hours";

const EVERY_MS = 30_000;

/**
 * Keeps "Open now, until 6:00 PM" current (components/OpenNow.tsx): the page may have been made
 * hours ago (the page cache, or a copy the service worker kept), and the visitor may stay a while.
 */
export function wireOpenNow(): void {
  const update = () => {
    for (const line of document.querySelectorAll<HTMLElement>("[data-open-now]")) {
      let hours: OpeningHours[];
      try {
        hours = JSON.parse(line.dataset.openNow ?? "[]") as OpeningHours[];
      } catch {
        continue;
      }
      const status = openingStatus(new Date(), hours, line.dataset.timeZone ?? "Africa/Lagos");
      const dot = line.firstElementChild;
      const text = line.lastElementChild;
      dot?.classList.toggle("bg-teal-700", status.open);
      dot?.classList.toggle("bg-clay-600", !status.open);
      if (text && text.textContent !== status.text) text.textContent = status.text;
    }
  };
  update();
  setInterval(update, EVERY_MS);
}
