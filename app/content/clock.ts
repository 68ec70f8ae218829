/**
 * A time of day as people type it ("7pm", "7 pm", "7.30pm", "7:00 PM", "19:00", "0900"), as the
 * "HH:MM" 24-hour form the site keeps; undefined when it is not a time, or when it could be
 * morning or evening ("7" alone).
 */
export function parseClock(typed: string): string | undefined {
  const t = typed
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/([ap])\.m\.?/g, "$1m")
    .replace(/\./g, ":");
  if (t === "noon" || t === "12 noon" || t === "midday") return "12:00";
  const m = /^(\d{1,2})(?::?(\d{2}))? ?(a ?m|p ?m)?$/.exec(t);
  if (!m) return undefined;
  let hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  const half = m[3]?.replace(" ", "");
  if (minute > 59) return undefined;
  if (half) {
    if (hour < 1 || hour > 12) return undefined;
    if (half === "pm" && hour !== 12) hour += 12;
    if (half === "am" && hour === 12) hour = 0;
  } else {
    // Without am or pm, only a 24-hour time with its minutes is sure: "19:00", "0900".
    if (m[2] === undefined || hour > 23) return undefined;
  }
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
