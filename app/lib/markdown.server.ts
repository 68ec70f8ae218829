/**
 * The Markdown subset of the practice's longer texts (app/content/fields.ts `markdown()`), turned
 * into HTML on the server only: the page gets finished, safe HTML and the browser no parser.
 *
 * Only paragraphs, line breaks, **bold**, *italic*, bullet and numbered lists, and links to
 * https:, mailto:, tel: and this site's pages are Markdown. Everything else (HTML, images,
 * headings, code, tables, quotes, rules, other links) is shown as the words typed: markdown-it
 * with `html: false` escapes every `<`, and a link whose address is not allowed stays text.
 * A web address typed without https:// (www.…, wa.me/…) is mended first, as the field does, so a
 * text saved before the field checked links still shows its link (app/content/markdown-links.ts).
 */
import MarkdownIt from "markdown-it";
import { ALLOWED_LINK, mendMarkdownLinks } from "~/content/markdown-links";

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
  // A backslash arrives percent-encoded; browsers read "/\host" as another site, so none passes.
  md.validateLink = (url) => ALLOWED_LINK.test(url.trim()) && !/%5c/i.test(url);
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
  return renderer.render(mendMarkdownLinks(source));
}

/** A one-paragraph text as HTML without the <p> around it (bold, italic, links, line breaks). */
export function renderMarkdownInline(source: string): string {
  return renderer.renderInline(mendMarkdownLinks(source));
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/**
 * A text's words without its Markdown, for places that take plain text (structured data that
 * search results show): the link's words stay, the brackets and the address go.
 */
export function markdownToText(source: string): string {
  return renderer
    .render(mendMarkdownLinks(source))
    .replace(/<\/(?:p|li)>\n?/g, "\n")
    .replace(/<br>\n?/g, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\n{2,}/g, "\n")
    .trim();
}
