import type { SiteContent } from "~/content/documents";

type Webinar = SiteContent["hiddenThread"]["webinar"];

/** Lagos keeps West Africa Time all year: UTC+1, no summer time. */
const WAT_OFFSET = "+01:00";

/** The instant a webinar starts, from its "YYYY-MM-DDTHH:MM" in Lagos time. */
export function webinarStart(webinar: Pick<Webinar, "startsAt">): Date {
  return new Date(`${webinar.startsAt}:00${WAT_OFFSET}`);
}

/**
 * Registration is open until the webinar starts. After that the site stops offering it by itself:
 * no Register button anywhere until the practice sets the next date.
 */
export function registrationOpen(webinar: Pick<Webinar, "startsAt">, now: Date): boolean {
  return webinarStart(webinar).getTime() > now.getTime();
}

/** The months' English names, January first: one list for every date the site writes out. */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: "st", 2: "nd", 3: "rd" }[day % 10] ?? "th"}`;
}

/** "Saturday, August 31st", the way SPEC.md writes the date, from the Lagos date. */
export function webinarDay(webinar: Pick<Webinar, "startsAt">): string {
  const [y, m, d] = webinar.startsAt.slice(0, 10).split("-").map(Number) as [
    number,
    number,
    number,
  ];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${MONTHS[m - 1]} ${ordinal(d)}`;
}

/** "4:00 PM WAT" */
export function webinarTime(webinar: Pick<Webinar, "startsAt">): string {
  const [h, min] = webinar.startsAt.slice(11, 16).split(":").map(Number) as [number, number];
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}:${String(min).padStart(2, "0")} ${h < 12 ? "AM" : "PM"} WAT`;
}

/** What the pages say of the webinar now: its date while registration is open, else that a new one is coming. */
export interface WebinarView {
  title: string;
  open: boolean;
  day: string;
  time: string;
  cost: string;
  registrationUrl: string;
}

export function webinarView(webinar: Webinar, now: Date): WebinarView {
  return {
    title: webinar.title,
    open: registrationOpen(webinar, now),
    day: webinarDay(webinar),
    time: webinarTime(webinar),
    cost: webinar.cost,
    registrationUrl: webinar.registrationUrl,
  };
}
