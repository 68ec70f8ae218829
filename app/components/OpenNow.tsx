import { useSyncExternalStore } from "react";
import { practice } from "~/content/site";
import { openingStatus } from "~/lib/opening-hours";

const subscribeMinute = (onChange: () => void) => {
  const timer = setInterval(onChange, 30_000);
  return () => clearInterval(timer);
};
const currentMinute = () => Math.floor(Date.now() / 60_000);

/** Whether the office is open right now, in Lagos time, kept current on the visitor's device. */
export function OpenNow() {
  const minute = useSyncExternalStore(subscribeMinute, currentMinute, currentMinute);
  const status = openingStatus(new Date(minute * 60_000), practice.openingHours, practice.timeZone);
  return (
    <p className="mt-2 inline-flex items-center gap-2 font-semibold" suppressHydrationWarning>
      <span
        aria-hidden="true"
        className={`size-2.5 rounded-full ${status.open ? "bg-teal-700" : "bg-clay-600"}`}
      />
      <span suppressHydrationWarning>{status.text}</span>
    </p>
  );
}
