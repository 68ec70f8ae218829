import { describe, expect, it } from "vitest";
import { type SiteContent, documentIds, documents, shippedContent } from "~/content/documents";
import { LINK_MESSAGE, linkProblem, mendMarkdownLinks } from "~/content/markdown-links";
import { type FieldNode, describeDocument } from "~/lib/admin/field-tree";
import { renderMarkdown } from "~/lib/markdown.server";

/** Every Markdown value of a document, found by walking its schema beside its value. */
function markdownValues(node: FieldNode, value: unknown, out: string[]) {
  if (value === undefined || value === null) return;
  if (node.kind === "markdown") out.push(String(value));
  if (node.kind === "group" || node.kind === "object")
    for (const [key, child] of node.fields)
      markdownValues(child, (value as Record<string, unknown>)[key], out);
  if (node.kind === "list")
    for (const item of value as unknown[]) markdownValues(node.item, item, out);
}

function allMarkdown(content: SiteContent): string[] {
  const out: string[] = [];
  for (const id of documentIds)
    for (const [key, node] of describeDocument(documents[id].schema))
      markdownValues(node, (content[id] as Record<string, unknown>)[key], out);
  return out;
}

describe("Markdown links", () => {
  it.each([
    ["[WhatsApp](wa.me/2349060001234)", "[WhatsApp](https://wa.me/2349060001234)"],
    ["[site](www.kindredhearts.ng)", "[site](https://www.kindredhearts.ng)"],
    ["[book](selar.co/marriagecanwork)", "[book](https://selar.co/marriagecanwork)"],
    ["[old](http://example.com/a)", "[old](https://example.com/a)"],
    ["[us](/contact) and [mail](mailto:a@b.ng)", "[us](/contact) and [mail](mailto:a@b.ng)"],
  ])("%s is mended to %s", (typed, mended) => {
    expect(mendMarkdownLinks(typed)).toBe(mended);
    expect(linkProblem(mendMarkdownLinks(typed))).toBeUndefined();
  });

  it.each([
    "[x](javascript:alert(1))",
    "[x](//2130706433)",
    "[x](ftp://example.com)",
    "[x](contact page)",
    "[x](data:text/html;base64,PHNjcmlwdD4=)",
  ])("%s is refused with what to type", (typed) => {
    expect(linkProblem(mendMarkdownLinks(typed))).toBe(LINK_MESSAGE);
  });

  it("the Markdown field mends the link it keeps and refuses what cannot be a link", () => {
    const answer = documents.faq.schema.shape.items.element.shape.answer;
    expect(answer.parse("Chat on [WhatsApp](wa.me/2349060001234).")).toBe(
      "Chat on [WhatsApp](https://wa.me/2349060001234).",
    );
    const refused = answer.safeParse("[WhatsApp](whatsapp me)");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(LINK_MESSAGE);
  });

  it("no Markdown field of the shipped content renders link syntax as text", () => {
    const values = allMarkdown(shippedContent());
    expect(values.length).toBeGreaterThan(40);
    for (const value of values) expect(renderMarkdown(value)).not.toContain("](");
  });

  it("every text a Markdown field accepts renders without link syntax left over", () => {
    const answer = documents.faq.schema.shape.items.element.shape.answer;
    const typed = [
      "[WhatsApp](wa.me/2349060001234)",
      "[a](www.example.com) and [b](http://example.com)",
      "[c](<https://example.com/a b>)",
      '[d](https://example.com "A title")',
      "- [e](/contact)\n- [f](tel:+2349060001234)",
      "[g](https://example.com/a_(b))",
    ];
    for (const text of typed) {
      const parsed = answer.safeParse(text);
      if (parsed.success) expect(renderMarkdown(parsed.data), text).not.toContain("](");
    }
  });
});
