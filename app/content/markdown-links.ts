/**
 * The links of the practice's Markdown texts: which addresses may be linked, which are mended on
 * the way in, and which are refused at the field. Shared by the field's check
 * (app/content/fields.ts) and the server's renderer (app/lib/markdown.server.ts), so a text the
 * editor accepts is always rendered as a link and never reaches a visitor as `[words](…)`.
 */

/** https for the web, mailto and tel for e-mail and phones, or a page of this site ("/contact"). */
export const ALLOWED_LINK = /^(?:https:\/\/|mailto:|tel:|\/(?![/\\])[^\\\s]*$)/i;

/** What the field says when a link cannot be mended. */
export const LINK_MESSAGE = "Write links as https://… or a page of this site such as /contact.";

/** A web address typed without its https://: www.…, wa.me/…, or a bare domain such as selar.co/x. */
const BARE_WEB_ADDRESS = /^(?:www\.|wa\.me\/|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:[/?#]|$))/i;

/**
 * The address a visitor's browser should get for what was typed, or undefined when it cannot be
 * linked. Only the unambiguous cases are mended: a web address without https:// gets it, and
 * http:// becomes https:// (every site the practice links to answers on https).
 */
export function mendLink(target: string): string | undefined {
  const t = target.trim();
  if (ALLOWED_LINK.test(t)) return t;
  if (/^http:\/\/[^\s/]/i.test(t)) return `https://${t.slice("http://".length)}`;
  if (!/[:\\\s]/.test(t) && BARE_WEB_ADDRESS.test(t)) return `https://${t}`;
  return undefined;
}

/** `[words](address "title")`: the address may be in <…>, a title may follow. */
const LINK =
  /(!?)\[((?:\\.|[^\\\]])*)\]\(\s*(<[^<>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g;

/** The text with every link's address mended where that is unambiguous. */
export function mendMarkdownLinks(source: string): string {
  return source.replace(LINK, (whole, bang: string, words: string, target: string, title = "") => {
    if (bang) return whole;
    const bracketed = target.startsWith("<") && target.endsWith(">");
    const address = bracketed ? target.slice(1, -1) : target;
    const mended = mendLink(address);
    if (mended === undefined || mended === address) return whole;
    return `[${words}](${bracketed ? `<${mended}>` : mended}${title})`;
  });
}

/**
 * Why a text's links would not be links on the page, or undefined when they all would: an address
 * that cannot be mended, or link syntax left over that the renderer could not read.
 */
export function linkProblem(source: string): string | undefined {
  let rest = source;
  for (const match of source.matchAll(LINK)) {
    if (match[1]) continue;
    const target = match[3]!;
    const address = target.startsWith("<") ? target.slice(1, -1) : target;
    if (mendLink(address) === undefined) return LINK_MESSAGE;
    rest = rest.replace(match[0], " ");
  }
  // "](" left over is a link the renderer will not read (a space in the address, a missing ")").
  if (rest.includes("](")) return LINK_MESSAGE;
  return undefined;
}
