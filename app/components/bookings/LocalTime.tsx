import { useEffect, useState } from "react";
import { LOCAL_TIME_ATTRIBUTE, localTimeWords } from "~/lib/bookings/local-time";

/**
 * The visitor's own time beside a Lagos time, where their clock differs. Empty in the server's
 * HTML; the small script fills it before React (app/enhance/local-times.ts), and React, once it
 * runs, writes the same words, so hydrating leaves them alone.
 */
export function LocalTime({ instant }: { instant: number }) {
  const [words, setWords] = useState("");
  useEffect(() => {
    const local = localTimeWords(instant);
    setWords(local ? `(${local})` : "");
  }, [instant]);
  return (
    <span
      {...{ [LOCAL_TIME_ATTRIBUTE]: String(instant) }}
      className="text-sm font-normal text-muted"
      suppressHydrationWarning
    >
      {words}
    </span>
  );
}
