// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { markdownToText, renderMarkdown, renderMarkdownInline } from "~/lib/markdown.server";

/** The href of every link the HTML carries. */
function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((m) => m[1]!);
}

/**
 * What a browser makes of it: only the subset's elements, only link attributes, no event handler,
 * no address but https, mailto and tel.
 */
function expectHarmless(html: string) {
  const body = new DOMParser().parseFromString(html, "text/html").body;
  for (const element of body.querySelectorAll("*")) {
    expect(["P", "BR", "STRONG", "EM", "UL", "OL", "LI", "A"]).toContain(element.tagName);
    for (const attribute of element.getAttributeNames())
      expect(["href", "title", "rel", "target", "start"]).toContain(attribute);
  }
  for (const link of body.querySelectorAll("a"))
    expect(link.getAttribute("href")).toMatch(/^(https:\/\/|mailto:|tel:|\/(?![/\\]))/i);
}

describe("renderMarkdown refuses anything but the subset", () => {
  it.each([
    ["a script element", "<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    ["an image with onerror", "<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"],
    ["a javascript: link", "[Win](javascript:alert(1))", "[Win](javascript:alert(1))"],
    ["a JAVASCRIPT: link", "[Win](JAVASCRIPT:alert(1))", "[Win](JAVASCRIPT:alert(1))"],
    ["an entity-encoded javascript: link", "[Win](&#x6A;avascript:alert(1))", "[Win](&amp;#x6A;"],
    ["a percent-spaced javascript: link", "[Win](java%09script:alert(1))", "[Win](java%09script"],
    ["a data: link", "[Win](data:text/html;base64,PHNjcmlwdD4=)", "[Win](data:text/html"],
    ["a vbscript: link", "[Win](vbscript:msgbox(1))", "[Win](vbscript:msgbox(1))"],
    ["a javascript: autolink", "<javascript:alert(1)>", "&lt;javascript:alert(1)&gt;"],
    ["a protocol-relative link", "[Away](//evil.example)", "[Away](//evil.example)"],
    ["a backslash link", "[Away](/\\evil.example)", "[Away](/"],
    ["a numeric-host link", "[Away](//2130706433)", "[Away](//2130706433)"],
    ["an image", "![x](https://evil.example/x.png)", "!"],
    ["inline HTML", 'Hello <b onclick="x()">there</b>', "&lt;b onclick=&quot;x()&quot;&gt;"],
    ["an iframe", '<iframe src="https://evil.example"></iframe>', "&lt;iframe"],
    ["a heading", "# Big", "<p># Big</p>"],
    ["a fenced code block", "```\ncode\n```", "```"],
    ["a table", "| a | b |\n|---|---|\n| 1 | 2 |", "| a | b |"],
    ["a quote", "> said", "&gt; said"],
    ["a link reference", "[Win][1]\n\n[1]: javascript:alert(1)", "[Win][1]"],
  ])("%s is shown as text", (_what, source, shown) => {
    const html = renderMarkdown(source);
    expectHarmless(html);
    expect(html).toContain(shown);
  });

  it("keeps a link title with quotes inside its attribute", () => {
    const html = renderMarkdown('[a](https://example.com "x\\" onmouseover=\\"alert(1)")');
    expectHarmless(html);
    expect(html).toContain('title="x&quot; onmouseover=&quot;alert(1)"');
  });

  it("escapes markup in link text and list items", () => {
    const html = renderMarkdown("- <script>x</script>\n- [<img src=x onerror=y>](https://e.com)");
    expectHarmless(html);
    expect(html).toContain("&lt;img src=x onerror=y&gt;");
  });
});

describe("renderMarkdown renders the subset", () => {
  it("paragraphs, bold, italic and line breaks", () => {
    expect(renderMarkdown("One **bold** and *italic*\nnext line\n\nTwo")).toBe(
      "<p>One <strong>bold</strong> and <em>italic</em><br>\nnext line</p>\n<p>Two</p>\n",
    );
  });

  it("bullet and numbered lists", () => {
    expect(renderMarkdown("- one\n- two\n\n1. first\n2. second")).toBe(
      "<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<ol>\n<li>first</li>\n<li>second</li>\n</ol>\n",
    );
  });

  it("https links open in a new tab without the opener; mailto and tel links stay", () => {
    const html = renderMarkdown(
      "[Book](https://selar.co/abc), [write](mailto:hello@example.com), [call](tel:+2348012345678), <https://example.com>",
    );
    expect(html).toContain(
      '<a href="https://selar.co/abc" rel="noopener noreferrer" target="_blank">Book</a>',
    );
    expect(html).toContain(
      '<a href="mailto:hello@example.com" rel="noopener noreferrer">write</a>',
    );
    expect(html).toContain('<a href="tel:+2348012345678" rel="noopener noreferrer">call</a>');
    expect(hrefs(html)).toEqual([
      "https://selar.co/abc",
      "mailto:hello@example.com",
      "tel:+2348012345678",
      "https://example.com",
    ]);
  });

  it("a link to a page of this site stays on the site", () => {
    const html = renderMarkdown("[Write to us](/contact)");
    expectHarmless(html);
    expect(html).toContain('<a href="/contact" rel="noopener noreferrer">Write to us</a>');
  });

  it.each([
    ["wa.me/2349060001234", "https://wa.me/2349060001234"],
    ["www.example.com/a", "https://www.example.com/a"],
    ["http://example.com", "https://example.com"],
    ["selar.co/marriagecanwork", "https://selar.co/marriagecanwork"],
  ])("a link typed as %s is mended to https, never shown as brackets", (typed, href) => {
    const html = renderMarkdown(`Chat on [WhatsApp](${typed}) today`);
    expectHarmless(html);
    expect(hrefs(html)).toEqual([href]);
    expect(html).not.toContain("](");
  });

  it("an HTTPS link in capitals is still a link", () => {
    expect(hrefs(renderMarkdown("[x](HTTPS://example.com)"))).toEqual(["HTTPS://example.com"]);
  });

  it("a bare address is not turned into a link", () => {
    expect(hrefs(renderMarkdown("See https://example.com today"))).toEqual([]);
  });
});

describe("renderMarkdownInline", () => {
  it("renders one paragraph's marks without the <p>", () => {
    expect(renderMarkdownInline("Hi **there** [x](javascript:alert(1))")).toBe(
      "Hi <strong>there</strong> [x](javascript:alert(1))",
    );
  });
});

describe("markdownToText", () => {
  it("keeps the words and drops the marks, brackets and addresses", () => {
    expect(markdownToText("Chat on [WhatsApp](wa.me/234) **now** & <b>x</b>\n\n- one\n- two")).toBe(
      "Chat on WhatsApp now & <b>x</b>\none\ntwo",
    );
  });
});
