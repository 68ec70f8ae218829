import { describe, expect, it } from "vitest";
import { applyFormat, parseMarkdown } from "~/lib/admin/markdown-preview";

describe("the editor's Markdown preview follows the server's rules", () => {
  it("paragraphs, bold, italic, line breaks and lists", () => {
    expect(parseMarkdown("One **bold** and *italic*\nnext\n\n- a\n- b\n\n1. first")).toEqual([
      {
        type: "p",
        children: [
          { type: "text", text: "One " },
          { type: "strong", children: [{ type: "text", text: "bold" }] },
          { type: "text", text: " and " },
          { type: "em", children: [{ type: "text", text: "italic" }] },
          { type: "br" },
          { type: "text", text: "next" },
        ],
      },
      { type: "ul", items: [[{ type: "text", text: "a" }], [{ type: "text", text: "b" }]] },
      { type: "ol", items: [[{ type: "text", text: "first" }]] },
    ]);
  });

  it("links as the field mends them; a javascript: or protocol-relative link stays text", () => {
    const [p] = parseMarkdown(
      "[WhatsApp](wa.me/234) [x](javascript:alert(1)) [y](//evil.example) [us](/contact)",
    );
    const links = p!.type === "p" ? p!.children.filter((n) => n.type === "link") : [];
    expect(links.map((l) => (l.type === "link" ? l.href : ""))).toEqual([
      "https://wa.me/234",
      "/contact",
    ]);
  });

  it("markup is only ever text", () => {
    const [p] = parseMarkdown("<img src=x onerror=alert(1)>");
    expect(p).toEqual({
      type: "p",
      children: [{ type: "text", text: "<img src=x onerror=alert(1)>" }],
    });
  });
});

describe("formatting buttons", () => {
  it("Bold and Italic wrap the selection", () => {
    expect(applyFormat("a warm note", 2, 6, "bold").value).toBe("a **warm** note");
    expect(applyFormat("a warm note", 2, 6, "italic").value).toBe("a *warm* note");
  });

  it("Link wraps the words and leaves the cursor where the address goes", () => {
    const next = applyFormat("chat on WhatsApp", 8, 16, "link");
    expect(next.value).toBe("chat on [WhatsApp](https://)");
    expect(next.start).toBe(next.value.length - 1);
  });

  it("List starts every selected line with - ", () => {
    expect(applyFormat("Intro\none\ntwo", 6, 13, "list").value).toBe("Intro\n- one\n- two");
  });
});
