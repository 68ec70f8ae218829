// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Picture } from "~/components/Picture";
import manifest from "~/content/images/manifest.json";

const hero = (manifest as Record<string, { width: number; height: number; widths: number[] }>)[
  "hero-1"
]!;

function renderPicture(props: Partial<Parameters<typeof Picture>[0]> = {}) {
  const { container } = render(
    <Picture image="hero-1" alt="A couple talking on a sofa" sizes="100vw" {...props} />,
  );
  const img = container.querySelector("img");
  if (!img) throw new Error("no <img> rendered");
  return { container, img };
}

describe("<Picture>", () => {
  afterEach(cleanup);

  it("renders an AVIF source before an <img> of one WebP, with its intrinsic size", () => {
    const { container, img } = renderPicture({ className: "block", imgClassName: "rounded" });
    const sources = [...container.querySelectorAll("picture > source")];
    expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif"]);
    for (const s of sources) {
      expect(s.getAttribute("sizes")).toBe("100vw");
      expect(s.getAttribute("srcset")).toContain(`-${hero.widths[0]}.`);
    }
    expect(img.getAttribute("width")).toBe(String(hero.width));
    expect(img.getAttribute("height")).toBe(String(hero.height));
    expect(img.getAttribute("alt")).toBe("A couple talking on a sofa");
    expect(img.getAttribute("src")).toMatch(/^\/images\/hero-1-\d+\.webp$/);
    expect(img.getAttribute("decoding")).toBe("async");
    expect(container.querySelector("picture")?.className).toBe("block");
    expect(img.className).toBe("rounded");
  });

  it("loads lazily by default, with no fetch priority", () => {
    const { img } = renderPicture();
    expect(img.getAttribute("loading")).toBe("lazy");
    expect(img.hasAttribute("fetchpriority")).toBe(false);
  });

  it("loads a priority image at once with high fetch priority", () => {
    const { img } = renderPicture({ priority: true });
    expect(img.hasAttribute("loading")).toBe(false);
    expect(img.getAttribute("fetchpriority")).toBe("high");
  });

  it('keeps alt="" for a decorative image', () => {
    const { img } = renderPicture({ alt: "" });
    expect(img.getAttribute("alt")).toBe("");
  });

  it("renders nothing for an unknown image key instead of breaking the page", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { container } = render(<Picture image="no-such-image" alt="Gone" sizes="100vw" />);
    expect(container.innerHTML).toBe("");
    warn.mockRestore();
  });

  it("points an uploaded photo's sources at /media/ with the size its key carries", () => {
    const { container, img } = renderPicture({ image: "p-00112233aabbccdd-640x960" });
    expect(container.querySelector("source")?.getAttribute("srcset")).toBe(
      "/media/p-00112233aabbccdd-640x960-320.avif 320w, " +
        "/media/p-00112233aabbccdd-640x960-480.avif 480w, " +
        "/media/p-00112233aabbccdd-640x960-640.avif 640w",
    );
    expect(img.getAttribute("width")).toBe("640");
    expect(img.getAttribute("height")).toBe("960");
    expect(img.getAttribute("src")).toBe("/media/p-00112233aabbccdd-640x960-640.webp");
  });
});
