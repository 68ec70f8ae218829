/**
 * The Markdown subset of the practice's longer texts (app/content/fields.ts `markdown()`), turned
 * into HTML on the server only: the page gets finished, safe HTML and the browser no parser.
 *
 * Only paragraphs, line breaks, **bold**, *italic*, bullet and numbered lists, and links to
 * https:, mailto: and tel: are Markdown. Everything else (HTML, images, headings, code, tables,
 * quotes, rules, other links) is shown as the words typed: markdown-it with `html: false` escapes
 * every `<`, and a link whose address is not allowed stays text. docs/decisions explains why.
 */
import MarkdownIt from "markdown-it";

/** https for the web, mailto and tel for the practice's e-mail and phones; nothing else. */
const ALLOWED_LINK = /^(?:https:\/\/|mailto:|tel:)/i;

function createRenderer() {
  // "zero" starts with every rule off but paragraphs and text; the subset is switched on by name.
  const md = new MarkdownIt("zero", {
    html: false,
    breaks: true,
    linkify: false,
    typographer: false,
  });
  md.enable(["list", "emphasis", "link", "autolink", "newline", "escape"]);
  // markdown-it has already decoded entities and percent-encoded the address when it asks.
  md.validateLink = (url) => ALLOWED_LINK.test(url.trim());
  md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
    const token = tokens[idx]!;
    const href = String(token.attrGet("href") ?? "");
    token.attrSet("rel", "noopener noreferrer");
    if (/^https:/i.test(href)) token.attrSet("target", "_blank");
    return self.renderToken(tokens, idx, options);
  };
  return md;
}

const renderer = createRenderer();

/** A longer text as HTML paragraphs and lists; safe to insert as it is. */
export function renderMarkdown(source: string): string {
  return renderer.render(source);
}

/** A one-paragraph text as HTML without the <p> around it (bold, italic, links, line breaks). */
export function renderMarkdownInline(source: string): string {
  return renderer.renderInline(source);
}
