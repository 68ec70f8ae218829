import MarkdownIt from "markdown-it";

/**
 * The editor's Markdown subset, rendered on the server only: paragraphs, bold, italic, lists and
 * links to https, mailto and tel. `html: false` shows any HTML typed as text; every other rule
 * is off, so what it would have made stays text too.
 */
const md = new MarkdownIt("zero", { html: false, linkify: false, breaks: true }).enable([
  "paragraph",
  "list",
  "emphasis",
  "link",
  "newline",
  "escape",
  "entity",
]);

const SAFE_LINK = /^(https:\/\/|mailto:|tel:)/i;
md.validateLink = (url: string) => SAFE_LINK.test(url.trim());

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  const href = String(token.attrGet("href") ?? "");
  if (/^https:/i.test(href)) {
    token.attrSet("rel", "noopener noreferrer");
    token.attrSet("target", "_blank");
  }
  return self.renderToken(tokens, idx, options);
};

export function renderMarkdown(source: string): string {
  return md.render(source);
}
