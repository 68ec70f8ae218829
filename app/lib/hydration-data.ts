/**
 * A kept page's hydration data by reference (docs/decisions/029): the server takes React Router's
 * loader-data scripts out of a page that starts React only on demand, and leaves
 * `<script type="text/x-hydration-data" data-id="…">` in their place; the small script asks for
 * `?hydration=<id>` when it starts React and feeds the chunks to the stream React reads.
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

/** React Router's stream of a page's data, made by its inline context script */
interface RouterContext {
  streamController?: ReadableStreamDefaultController<string>;
}

/**
 * Fetches the data the page names and hands it to React Router. Resolves with false when the
 * page carries its data itself (nothing to fetch); rejects when the data cannot be had, so that
 * React is not started on a page it could not hydrate.
 */
export async function feedHydrationData(): Promise<boolean> {
  const reference = document.querySelector<HTMLScriptElement>(
    `script[type="${HYDRATION_DATA_TYPE}"]`,
  );
  const id = reference?.dataset.id;
  if (!id || !HYDRATION_ID.test(id)) return false;
  const answer = await fetch(`${location.pathname}?${HYDRATION_QUERY}=${id}`, {
    credentials: "same-origin",
  });
  if (!answer.ok) throw new Error(`hydration data: ${answer.status}`);
  const chunks = (await answer.json()) as unknown;
  const stream = (window as unknown as { __reactRouterContext?: RouterContext })
    .__reactRouterContext?.streamController;
  if (!Array.isArray(chunks) || !stream) throw new Error("hydration data: unreadable");
  for (const chunk of chunks) if (typeof chunk === "string") stream.enqueue(chunk);
  stream.close();
  return true;
}
