import { LOCAL_TIME_ATTRIBUTE, localTimeWords } from "~/lib/bookings/local-time";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The visitor's own time beside a Lagos time, where their clock differs. Empty in the server's
 * HTML; the small script fills it before React (app/enhance/local-times.ts), and React, once it
 * runs, writes the same words, so hydrating leaves them alone. `afterTime`: the `<time>` just
 * before it says the instant, so the page need not say it twice (a week of free times is a
 * hundred of them, in a page that must fit a new connection's first flight).
 */
export function LocalTime({
  instant,
  afterTime = false,
}: {
  instant: number;
  afterTime?: boolean;
}) {
  const hydrated = useHydrated();
  const local = hydrated ? localTimeWords(instant) : undefined;
  return (
    <span
      {...{ [LOCAL_TIME_ATTRIBUTE]: afterTime ? "" : String(instant) }}
      className="text-xs font-normal text-muted empty:hidden"
      suppressHydrationWarning
    >
      {local ?? ""}
    </span>
  );
}
