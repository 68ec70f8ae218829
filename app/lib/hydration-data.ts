/**
 * A kept page's hydration data by reference (docs/decisions/029): the server takes React Router's
 * loader-data scripts out of a page that starts React only on demand, and leaves
 * `<script type="text/x-hydration-data" data-id="…">` in their place; the small script asks for
 * `?hydration=<id>` when it starts React and feeds the chunks to the stream React reads. The
 * scripts that start React come with it (`boot`, docs/decisions/037): their elements are left in
 * the page empty, and are put back with their words before React starts.
 */
export const HYDRATION_DATA_TYPE = "text/x-hydration-data";
export const HYDRATION_QUERY = "hydration";
/** the id is a base64url sha256 prefix of the data */
export const HYDRATION_ID = /^[A-Za-z0-9_-]{22}$/;

const REFERENCE_OPENING = `<script type="${HYDRATION_DATA_TYPE}" data-id="`;

/** The inert tag that stands in a page for its data: written by the server, read by the worker. */
export function hydrationReference(id: string): string {
  return `${REFERENCE_OPENING}${id}"></script>`;
}

/** The id of the data a page's HTML refers to, if it refers to any. */
export function referencedHydrationId(html: string): string | undefined {
  const at = html.indexOf(REFERENCE_OPENING);
  if (at < 0) return undefined;
  const start = at + REFERENCE_OPENING.length;
  const id = html.slice(start, html.indexOf('"', start));
  return HYDRATION_ID.test(id) ? id : undefined;
}

/** The empty element that stands where React Router's context script was (server/http/pages/document-scripts.ts). */
export const CONTEXT_PLACE = "data-react-context";

/** React Router's stream of a page's data, made by its inline context script */
interface RouterContext {
  streamController?: ReadableStreamDefaultController<string>;
}

export interface HydrationData {
  /** the words of React Router's context script and of its module script, when taken out */
  boot?: { context: string; module: string };
  chunks: string[];
}

/**
 * Fetches the data the page names. Resolves with null when the page carries its data itself
 * (nothing to fetch); rejects when the data cannot be had, so that React is not started on a page
 * it could not hydrate. A copy kept by the service worker before the scripts came with the data
 * is the chunks alone.
 */
export async function loadHydrationData(): Promise<HydrationData | null> {
  const reference = document.querySelector<HTMLScriptElement>(
    `script[type="${HYDRATION_DATA_TYPE}"]`,
  );
  const id = reference?.dataset.id;
  if (!id || !HYDRATION_ID.test(id)) return null;
  const answer = await fetch(`${location.pathname}?${HYDRATION_QUERY}=${id}`, {
    credentials: "same-origin",
  });
  if (!answer.ok) throw new Error(`hydration data: ${answer.status}`);
  const data = (await answer.json()) as unknown;
  const { boot, chunks } = (Array.isArray(data) ? { chunks: data } : data) as HydrationData;
  if (!Array.isArray(chunks) || (boot && !(boot.context && boot.module))) {
    throw new Error("hydration data: unreadable");
  }
  return { boot, chunks };
}

/**
 * Puts React Router's context script back where it stood, with its words: it runs as it is
 * inserted, and makes the stream that `feedHydrationData` fills. The page's CSP allows it by hash.
 */
export function restoreContextScript(words: string): void {
  const place = document.querySelector(`script[${CONTEXT_PLACE}]`);
  if (!place) throw new Error("hydration data: no place for React Router's context");
  const script = document.createElement("script");
  script.textContent = words;
  place.replaceWith(script);
}

/** Hands the data's chunks to React Router, whose context script has run. */
export function feedHydrationData(chunks: string[]): void {
  const stream = (window as unknown as { __reactRouterContext?: RouterContext })
    .__reactRouterContext?.streamController;
  if (!stream) throw new Error("hydration data: React Router's stream is missing");
  for (const chunk of chunks) if (typeof chunk === "string") stream.enqueue(chunk);
  stream.close();
}
