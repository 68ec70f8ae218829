import { createHash } from "node:crypto";
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { CONTEXT_PLACE, hydrationReference } from "../../../app/lib/hydration-data";

/**
 * Rewrites the script tags React Router writes into a page so that nothing competes with the first
 * paint (docs/decisions/017):
 *
 * - every `<link rel="modulepreload">` goes. React 19 hoists them into <head>, where the browser
 *   fetches them at high priority before it paints; the module script at the end of <body> still
 *   imports the same files, at its own (low) priority.
 * - on a page that hydrates only on demand (`<html data-react="on-demand">`), the module script
 *   that starts React is left in the page but inert (`type="text/x-deferred-module"`). The site's
 *   small script (app/enhance/) makes a live copy of it when the visitor starts using a form.
 *
 * Only tags are rewritten, never text: the regular expressions match React Router's own markup.
 */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

const MODULEPRELOAD = /<link rel="modulepreload"[^>]*>/g;
const ROUTER_MODULE = /<script((?: nonce="[^"]*")?) type="module" async="">/g;
const ON_DEMAND = /<html[^>]* data-react="on-demand"/;

export function rewriteScripts(html: string, onDemand: boolean): string {
  const stripped = html.replace(MODULEPRELOAD, "");
  return onDemand
    ? stripped.replace(ROUTER_MODULE, `<script$1 type="${DEFERRED_MODULE_TYPE}">`)
    : stripped;
}

/** Whether a page's opening <html> tag says it hydrates only on demand. */
export function isOnDemand(html: string): boolean {
  return ON_DEMAND.test(html);
}

/**
 * The same rewrite over a streamed page. A tag may be split between two chunks: text from the
 * last `<` that has no `>` after it waits for the next chunk.
 *
 * `finishOnDemand`, when given, is a last change to a whole page that hydrates only on demand
 * (its stylesheet cut to the page, as a kept page's is): such a page is held until it is complete,
 * then finished and sent. Pages that start React at load still stream.
 */
export function scriptRewriter(finishOnDemand?: (html: string) => string): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  let onDemand: boolean | null = null;
  let held: string[] | null = null;
  const emit = (text: string, stream: Transform) => {
    if (onDemand === null && text.includes("<html")) {
      onDemand = isOnDemand(text);
      if (onDemand && finishOnDemand) held = [];
    }
    if (!text) return;
    const rewritten = rewriteScripts(text, onDemand === true);
    if (held) held.push(rewritten);
    else stream.push(rewritten);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = carry + decoder.write(chunk);
      const open = text.lastIndexOf("<");
      const cut = open !== -1 && text.indexOf(">", open) === -1 ? open : text.length;
      carry = text.slice(cut);
      emit(text.slice(0, cut), this);
      done();
    },
    flush(done) {
      emit(carry + decoder.end(), this);
      if (held && finishOnDemand) {
        const page = held.join("");
        let finished = page;
        try {
          finished = finishOnDemand(page);
        } catch {
          // The page as it is: whole stylesheet, same words.
        }
        this.push(finished);
      }
      done();
    },
  });
}

const STREAM_CHUNK =
  /<script(?: nonce="[^"]*")?>window\.__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\);<\/script>/g;
const STREAM_CLOSE =
  /<script(?: nonce="[^"]*")?>window\.__reactRouterContext\.streamController\.close\(\);<\/script>/;

/**
 * React Router's scroll restoration script: it puts a page back where the visitor left it when
 * React had moved it by client-side navigation. On a page React has not started, nothing moved it.
 */
const RESTORE_SCROLL = /<script>\(\(storageKey\d*, restoreKey\) => \{[\s\S]*?<\/script>/;

/** React Router's context script, which makes the stream its data is fed into. */
const CONTEXT_SCRIPT = /<script>(window\.__reactRouterContext = [\s\S]*?)<\/script>/;
const INERT_MODULE = new RegExp(`<script type="${DEFERRED_MODULE_TYPE}">([\\s\\S]*?)</script>`);

export interface SplitPage {
  /** the page with the data's scripts replaced by one inert reference */
  html: string;
  /** the id of this data: a hash of it, so that a page kept anywhere asks for its own data */
  id: string;
  /**
   * As JSON: the stream's chunks, as the scripts would have enqueued them, and the text of the
   * scripts that start React (`boot`), taken out of the page too.
   */
  json: string;
  /** the scripts taken out that the small script runs: the page's CSP must still allow them */
  scripts: string[];
}

/**
 * A kept page's hydration data by reference (docs/decisions/029). React Router writes the page's
 * loader data into the HTML as inline scripts that feed the stream React reads when it starts:
 * the same words as the page, a second time (1–2 KB brotli on a page since the content became
 * editable). On a page that hydrates only on demand most visits never start React, so the page
 * cache takes those scripts out and leaves an inert reference in their place; the small script
 * fetches the data (`?hydration=<id>`) when it starts React, and feeds the same stream.
 *
 * Takes the hydration data out of an on-demand page, or answers null when the page is not one,
 * or its data is not the plain complete stream this expects (then it stays in the page).
 */
export function splitHydrationData(html: string): SplitPage | null {
  if (!isOnDemand(html) || !STREAM_CLOSE.test(html)) return null;
  const chunks: string[] = [];
  const mark = "\u0000hydration-data\u0000";
  let page: string;
  try {
    page = html.replace(STREAM_CHUNK, (_script, literal: string) => {
      chunks.push(JSON.parse(literal) as string);
      return chunks.length === 1 ? mark : "";
    });
  } catch {
    return null;
  }
  if (chunks.length === 0) return null;
  page = page.replace(STREAM_CLOSE, "");
  // The scripts that start React are not needed until React is (most visits never start it), and
  // they are the same words on every visit: 0.7 KB brotli of each page's first flight
  // (docs/decisions/037). Each leaves an empty element of its own kind in its place, for React
  // to find when it hydrates; an empty script does not run.
  const context = CONTEXT_SCRIPT.exec(page)?.[1];
  const module = INERT_MODULE.exec(page)?.[1];
  const boot = context && module ? { context, module } : undefined;
  if (boot) {
    page = page
      .replace(CONTEXT_SCRIPT, `<script ${CONTEXT_PLACE}=""></script>`)
      .replace(INERT_MODULE, `<script type="${DEFERRED_MODULE_TYPE}"></script>`);
  }
  // Scroll restoration has nothing to restore on a page React has not started: React Router
  // leaves the browser its own restoration whenever a page it ran is left ("auto" on pagehide).
  // 0.25 KB brotli and a hash in every kept page's headers.
  page = page.replace(RESTORE_SCROLL, "<script></script>");
  const json = JSON.stringify({ boot, chunks });
  const id = createHash("sha256").update(json).digest("base64url").slice(0, 22);
  // The reference stands where the first chunk was.
  return {
    html: page.replace(mark, hydrationReference(id)),
    id,
    json,
    scripts: boot ? [boot.context, boot.module] : [],
  };
}
