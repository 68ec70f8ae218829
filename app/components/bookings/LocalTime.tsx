import { LOCAL_TIME_ATTRIBUTE, localTimeWords } from "~/lib/bookings/local-time";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The visitor's own time beside a Lagos time, where their clock differs. Empty in the server's
 * HTML; the small script fills it before React (app/enhance/local-times.ts), and React, once it
 * runs, writes the same words, so hydrating leaves them alone.
 */
export function LocalTime({ instant }: { instant: number }) {
  const hydrated = useHydrated();
  const local = hydrated ? localTimeWords(instant) : undefined;
  return (
    <span
      {...{ [LOCAL_TIME_ATTRIBUTE]: String(instant) }}
      className="text-xs font-normal text-muted empty:hidden"
      suppressHydrationWarning
    >
      {local ?? ""}
    </span>
  );
}
