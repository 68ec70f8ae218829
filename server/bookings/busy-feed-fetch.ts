import { checkBusyFeedUrl } from "../../app/lib/admin/booking-settings-form";
import { MAX_FEED_CHARS } from "./busy-times-from-ics";

/**
 * Fetches a counsellor's own calendar (its secret iCal address) within a time and size limit
 * (STYLE.md rule 14). The address is a secret: no outcome repeats it, and redirects are followed
 * by hand so each hop is checked like the address itself (https only, http only to this machine).
 */

export const FEED_TIMEOUT_MS = 15_000;
export const FEED_MAX_BYTES = MAX_FEED_CHARS;
const MAX_REDIRECTS = 3;

export type FeedFetch =
  | { ok: true; text: string }
  | { ok: false; problem: string; /** the calendar said the address is gone */ gone?: boolean };

export async function fetchFeed(
  url: string,
  options: { signal?: AbortSignal; timeoutMs?: number; maxBytes?: number } = {},
): Promise<FeedFetch> {
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? FEED_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  let address = url;
  try {
    for (let hop = 0; ; hop++) {
      const response = await fetch(address, {
        signal,
        redirect: "manual",
        headers: { accept: "text/calendar, */*;q=0.5", "user-agent": "KindredHeartsBookings/1" },
      });
      if (response.status >= 300 && response.status < 400 && response.headers.has("location")) {
        await response.body?.cancel();
        const next = checkBusyFeedUrl(new URL(response.headers.get("location")!, address).href);
        if (hop >= MAX_REDIRECTS || !next.ok)
          return {
            ok: false,
            problem: "The calendar's address sent the site somewhere it will not follow.",
          };
        address = next.url;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        const gone = [401, 403, 404, 410].includes(response.status);
        return {
          ok: false,
          gone,
          problem: gone
            ? `The calendar's address was refused (${response.status}): it may have been reset. Please paste its new secret address.`
            : `The calendar answered with an error (${response.status}). The site will try again in a few minutes.`,
        };
      }
      const length = Number(response.headers.get("content-length") ?? 0);
      if (length > maxBytes) {
        await response.body?.cancel();
        return { ok: false, problem: tooLarge(maxBytes) };
      }
      return await readCapped(response, maxBytes);
    }
  } catch (error) {
    if (timeout.aborted)
      return {
        ok: false,
        problem: "The calendar did not answer in time. The site will try again in a few minutes.",
      };
    if (options.signal?.aborted) return { ok: false, problem: "The read was stopped." };
    void error;
    return {
      ok: false,
      problem:
        "The calendar's address could not be reached. The site will try again in a few minutes.",
    };
  }
}

const tooLarge = (maxBytes: number) =>
  `The calendar is larger than the site reads (${Math.round(maxBytes / 1_000_000)} MB). A calendar of busy times only, or one with fewer old events, will do.`;

async function readCapped(response: Response, maxBytes: number): Promise<FeedFetch> {
  const reader = response.body?.getReader();
  if (!reader) return { ok: true, text: "" };
  const decoder = new TextDecoder();
  let bytes = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > maxBytes) {
      await reader.cancel();
      return { ok: false, problem: tooLarge(maxBytes) };
    }
    text += decoder.decode(value, { stream: true });
  }
  return { ok: true, text: text + decoder.decode() };
}
