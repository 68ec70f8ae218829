import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

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
 */
export function scriptRewriter(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  let onDemand: boolean | null = null;
  const emit = (text: string, stream: Transform) => {
    if (onDemand === null && text.includes("<html")) onDemand = isOnDemand(text);
    if (text) stream.push(rewriteScripts(text, onDemand === true));
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
      done();
    },
  });
}
