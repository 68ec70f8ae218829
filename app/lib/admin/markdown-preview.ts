import { mendLink } from "~/content/markdown-links";

/**
 * The editor's live preview of a Markdown text, read by the same rules as the server's renderer
 * (app/lib/markdown.server.ts): paragraphs, line breaks, **bold**, *italic*, lists with - or 1.,
 * and links whose address is https, mailto, tel or a page of this site (mended as the field mends
 * them). It returns plain data that the preview draws as React elements: no HTML is ever made
 * from the editor's words. markdown-it stays on the server; this is its small approximation.
 */
export type Inline =
  | { type: "text"; text: string }
  | { type: "strong" | "em"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "br" };

export type Block = { type: "p"; children: Inline[] } | { type: "ul" | "ol"; items: Inline[][] };

const INLINE = /\*\*(.+?)\*\*|\*([^*\s](?:[^*]*[^*\s])?)\*|\[([^\]]+)\]\(\s*([^\s()]+)\s*\)|\n/g;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push({ type: "text", text: text.slice(last, m.index) });
    last = m.index + m[0].length;
    if (m[1] !== undefined) out.push({ type: "strong", children: parseInline(m[1]) });
    else if (m[2] !== undefined) out.push({ type: "em", children: parseInline(m[2]) });
    else if (m[3] !== undefined) {
      const href = mendLink(m[4]!);
      if (href !== undefined && !/\\/.test(href))
        out.push({ type: "link", href, children: parseInline(m[3]) });
      else out.push({ type: "text", text: m[0] });
    } else out.push({ type: "br" });
  }
  if (last < text.length) out.push({ type: "text", text: text.slice(last) });
  return out;
}

const BULLET = /^\s*[-*+]\s+/;
const NUMBER = /^\s*\d{1,9}[.)]\s+/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of source.trim().split(/\n\s*\n/)) {
    const lines = chunk.split("\n");
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length) blocks.push({ type: "p", children: parseInline(paragraph.join("\n")) });
      paragraph = [];
    };
    for (const line of lines) {
      const kind = BULLET.test(line) ? "ul" : NUMBER.test(line) ? "ol" : undefined;
      if (!kind) {
        const list = blocks.at(-1);
        // A line under a list item without a blank line continues that item.
        if (!paragraph.length && list && list.type !== "p" && lines.indexOf(line) > 0) {
          list.items[list.items.length - 1]!.push({ type: "br" }, ...parseInline(line.trim()));
        } else paragraph.push(line);
        continue;
      }
      flush();
      const item = parseInline(line.replace(kind === "ul" ? BULLET : NUMBER, ""));
      const list = blocks.at(-1);
      if (list && list.type === kind && lines.indexOf(line) > 0) list.items.push(item);
      else blocks.push({ type: kind, items: [item] });
    }
    flush();
  }
  return blocks;
}

/** The text after a formatting button: the selection wrapped or prefixed, and where it now is. */
export function applyFormat(
  value: string,
  start: number,
  end: number,
  format: "bold" | "italic" | "list" | "link",
): { value: string; start: number; end: number } {
  const selected = value.slice(start, end);
  const before = value.slice(0, start);
  const after = value.slice(end);
  if (format === "bold" || format === "italic") {
    const mark = format === "bold" ? "**" : "*";
    const words = selected || (format === "bold" ? "bold words" : "words");
    const next = `${before}${mark}${words}${mark}${after}`;
    return { value: next, start: start + mark.length, end: start + mark.length + words.length };
  }
  if (format === "link") {
    const words = selected || "words";
    const inserted = `[${words}](https://)`;
    const caret = start + inserted.length - 1;
    return { value: `${before}${inserted}${after}`, start: caret, end: caret };
  }
  // A list: every selected line (or the line the cursor is on) starts with "- ".
  const lineStart = before.lastIndexOf("\n") + 1;
  const block = value.slice(lineStart, end);
  const listed = block
    .split("\n")
    .map((line) => (BULLET.test(line) ? line : `- ${line}`))
    .join("\n");
  // A list may follow a paragraph's line directly: CommonMark lets "- " interrupt a paragraph.
  const next = `${value.slice(0, lineStart)}${listed}${after}`;
  const caret = lineStart + listed.length;
  return { value: next, start: caret, end: caret };
}
