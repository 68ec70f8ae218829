import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { referencedHydrationId } from "../../app/lib/hydration-data";
import {
  rewriteScripts,
  scriptRewriter,
  splitHydrationData,
} from "../../server/http/pages/document-scripts";
import { scriptHashes } from "../../server/http/pages/page-cache";

const page = (react: "page" | "on-demand", nonce = "") =>
  `<!DOCTYPE html><html lang="en-NG" data-react="${react}"><head>` +
  `<link rel="modulepreload" href="/assets/manifest-1.js"/>` +
  `<link rel="modulepreload" href="/assets/entry.client-2.js"/>` +
  `<link rel="icon" href="/favicon.ico"/></head><body><main>Words</main>` +
  `<script${nonce}>window.__reactRouterContext = {};</script>` +
  `<script${nonce} type="module" async="">import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");</script>` +
  `<script type="module" src="/assets/enhance-3.js"></script></body></html>`;

async function streamed(
  html: string,
  chunk: number,
  finish?: (html: string) => string,
): Promise<string> {
  const parts: Buffer[] = [];
  const bytes = Buffer.from(html);
  for (let i = 0; i < bytes.length; i += chunk) parts.push(bytes.subarray(i, i + chunk));
  let out = "";
  for await (const piece of Readable.from(parts).pipe(scriptRewriter(finish))) out += String(piece);
  return out;
}

describe("the page's scripts", () => {
  it("lose their module preloads on every page, and keep everything else", () => {
    const out = rewriteScripts(page("page"), false);
    expect(out).not.toContain("modulepreload");
    expect(out).toContain('<link rel="icon" href="/favicon.ico"/>');
    expect(out).toContain('<script type="module" async="">import "/assets/manifest-1.js"');
    expect(out).toContain('<script type="module" src="/assets/enhance-3.js">');
  });

  it("hold React back on a page that hydrates on demand, nonce kept", () => {
    const out = rewriteScripts(page("on-demand", ' nonce="abc"'), true);
    expect(out).toContain(
      '<script nonce="abc" type="text/x-deferred-module">import "/assets/manifest-1.js"',
    );
    expect(out).not.toContain('type="module" async=""');
    // The site's own script still runs.
    expect(out).toContain('<script type="module" src="/assets/enhance-3.js">');
  });

  it("are rewritten the same when the page arrives in small pieces", async () => {
    for (const react of ["page", "on-demand"] as const) {
      const html = page(react, ' nonce="n0nce"');
      const whole = rewriteScripts(html, react === "on-demand");
      for (const size of [1, 7, 64, 4096]) expect(await streamed(html, size)).toBe(whole);
    }
  });

  it("keep multi-byte characters split between pieces", async () => {
    const html = page("page").replace("Words", "Ọ̀rọ̀ ₦50,000 — “love”");
    expect(await streamed(html, 3)).toBe(rewriteScripts(html, false));
  });

  it("finish a page that hydrates on demand once it is whole; others still stream", async () => {
    const finish = (html: string) => html.replace("<main>", "<main data-finished>");
    const onDemand = page("on-demand");
    expect(await streamed(onDemand, 16, finish)).toBe(finish(rewriteScripts(onDemand, true)));
    expect(await streamed(page("page"), 16, finish)).toBe(rewriteScripts(page("page"), false));
    // Before the end, the on-demand page has sent nothing; the other has sent its start.
    const firstHalf = (html: string) => {
      const rewriter = scriptRewriter(finish);
      rewriter.write(html.slice(0, html.indexOf("</head>")));
      return rewriter.read() as Buffer | null;
    };
    expect(firstHalf(onDemand)).toBeNull();
    expect(String(firstHalf(page("page")))).toContain('<html lang="en-NG" data-react="page">');
    // A finish that fails sends the page as it is.
    const failing = await streamed(onDemand, 16, () => {
      throw new Error("cut failed");
    });
    expect(failing).toBe(rewriteScripts(onDemand, true));
  });
});

describe("a kept page's hydration data", () => {
  const chunk1 = '[{"_1":2},"loaderData",{"title":"Fees \u0026 times"}]\n';
  const chunk2 = 'P3:[{"ok":true}]\n';
  /** a page as React Router streams it: its data scripts after the module script */
  const withData = (react: "page" | "on-demand") =>
    page(react).replace(
      "</body>",
      [chunk1, chunk2]
        .map(
          (c) =>
            `<script>window.__reactRouterContext.streamController.enqueue(${JSON.stringify(c).replace(/&/g, "\\u0026")});</script>`,
        )
        .join("") + "<script>window.__reactRouterContext.streamController.close();</script></body>",
    );

  it("leaves an on-demand page, with one inert reference where it stood", () => {
    const split = splitHydrationData(withData("on-demand"))!;
    expect(split.html).not.toContain("streamController.enqueue");
    expect(split.html).not.toContain("streamController.close");
    expect(split.html).toContain(
      `<script type="text/x-hydration-data" data-id="${split.id}"></script></body>`,
    );
    expect(split.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The service worker finds the same id in the page it keeps.
    expect(referencedHydrationId(split.html)).toBe(split.id);
    expect(referencedHydrationId(page("on-demand"))).toBeUndefined();
    // The chunks, as the stream would have had them.
    expect(JSON.parse(split.json)).toEqual({ chunks: [chunk1, chunk2] });
    expect(split.scripts).toEqual([]);
    // Everything else is the page as it was.
    expect(split.html.replace(/<script type="text\/x-hydration-data"[^>]*><\/script>/, "")).toBe(
      page("on-demand"),
    );
  });

  it("takes the scripts that start React out with it, leaving their empty elements", () => {
    const kept = rewriteScripts(withData("on-demand"), true);
    const split = splitHydrationData(kept)!;
    const context = "window.__reactRouterContext = {};";
    const module = 'import "/assets/manifest-1.js";\nimport("/assets/entry.client-2.js");';
    expect(JSON.parse(split.json)).toEqual({ boot: { context, module }, chunks: [chunk1, chunk2] });
    // The page's CSP must still allow them, by hash, when the small script puts them back.
    expect(split.scripts).toEqual([context, module]);
    expect(split.html).toContain(
      '<main>Words</main><script data-react-context=""></script>' +
        '<script type="text/x-deferred-module"></script>' +
        '<script type="module" src="/assets/enhance-3.js"></script>',
    );
    expect(split.html).not.toContain("__reactRouterContext");
    expect(split.html).not.toContain("/assets/manifest-1.js");
    // The page's own scripts are hashed with them; the empty ones need no hash.
    const hashes = scriptHashes(split.html, split.scripts);
    const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(hashes).toEqual([sha(context), sha(module)]);
  });

  it("empties React Router's scroll restoration, which has nothing to restore before React", () => {
    const restore =
      '<script>((storageKey2, restoreKey) => {\n    if (!window.history.state) {}\n  })("react-router-scroll-positions", null)</script>';
    const kept = withData("on-demand").replace("<main>", `${restore}<main>`);
    const split = splitHydrationData(kept)!;
    expect(split.html).toContain("<script></script><main>");
    expect(split.html).not.toContain("storageKey");
    // No hash for it in the page's CSP: the hashes are those of the page without it.
    const without = splitHydrationData(withData("on-demand"))!;
    expect(scriptHashes(split.html, split.scripts)).toEqual(
      scriptHashes(without.html, without.scripts),
    );
  });

  it("has an id of its own: the same data, the same id; other data, another", () => {
    const a = splitHydrationData(withData("on-demand"))!;
    expect(splitHydrationData(withData("on-demand"))!.id).toBe(a.id);
    const other = splitHydrationData(withData("on-demand").replace("Fees", "Prices"))!;
    expect(other.id).not.toBe(a.id);
  });

  it("stays in a page that starts React at load, or whose stream is not complete", () => {
    expect(splitHydrationData(withData("page"))).toBeNull();
    const unclosed = withData("on-demand").replace(
      "<script>window.__reactRouterContext.streamController.close();</script>",
      "",
    );
    expect(splitHydrationData(unclosed)).toBeNull();
    expect(splitHydrationData(page("on-demand"))).toBeNull();
  });
});
