// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Markdown } from "~/components/Markdown";
import { renderMarkdown } from "~/lib/markdown.server";

describe("<Markdown>", () => {
  afterEach(cleanup);

  it("shows the server's HTML, and a script typed by an editor as words", () => {
    const html = renderMarkdown(
      "**Call** us\n\n<script>alert(1)</script>\n\n- [Book](https://selar.co/x)",
    );
    const { container } = render(<Markdown html={html} className="text-lg" />);
    expect(container.querySelector("strong")?.textContent).toBe("Call");
    expect(container.querySelector("script")).toBeNull();
    expect(screen.getByText("<script>alert(1)</script>")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Book" }).getAttribute("rel")).toBe(
      "noopener noreferrer",
    );
    expect(container.firstElementChild?.className).toContain("text-lg");
  });
});
