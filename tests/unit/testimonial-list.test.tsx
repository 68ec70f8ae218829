// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Stars, TestimonialCard } from "~/components/TestimonialCard";
import { FAILED_TEXT, LOADING_TEXT, TestimonialList } from "~/components/TestimonialList";
import { deferUnlessQuick } from "~/lib/defer";
import type { Testimonial } from "~/lib/services/testimonials";

const ada: Testimonial = {
  name: "Ada & Tobi",
  review: "<img src=x onerror=alert(1)> We talk again.",
  stars: 4,
  country: "Nigeria",
};

function renderList(testimonials: Testimonial[] | null | Promise<Testimonial[] | null>) {
  return render(
    <TestimonialList testimonials={testimonials} empty="Our clients’ words will appear here.">
      {(list) => (
        <ul>
          {list.map((t) => (
            <li key={t.name}>
              <TestimonialCard testimonial={t} />
            </li>
          ))}
        </ul>
      )}
    </TestimonialList>,
  );
}

afterEach(cleanup);

describe("<TestimonialList>", () => {
  it("shows the loading text until the list arrives, then the cards", async () => {
    let resolve!: (rows: Testimonial[]) => void;
    const pending = new Promise<Testimonial[]>((r) => (resolve = r));
    renderList(pending);
    expect(screen.getByRole("status").textContent).toBe(LOADING_TEXT);
    await act(async () => resolve([ada]));
    expect(await screen.findByText("Ada & Tobi")).toBeTruthy();
    expect(screen.queryByText(LOADING_TEXT)).toBeNull();
  });

  it("shows 'Failed to load testimonials.' only when there is nothing to show", async () => {
    renderList(null);
    expect((await screen.findByRole("alert")).textContent).toBe(FAILED_TEXT);
    cleanup();
    renderList([ada]);
    expect(screen.queryByText(FAILED_TEXT)).toBeNull();
  });

  it("shows the practice's words for an empty list", () => {
    renderList([]);
    expect(screen.getByText("Our clients’ words will appear here.")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows the error text when the list cannot be loaded at all", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderList(Promise.reject(new Error("boom")));
    expect((await screen.findByRole("alert")).textContent).toBe(FAILED_TEXT);
  });

  it("renders a review as text, never as HTML", () => {
    const { container } = renderList([ada]);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)> We talk again\./)).toBeTruthy();
  });

  it("gives the stars a spoken label", () => {
    render(<Stars count={4} />);
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe("4 out of 5 stars");
    expect(screen.getByRole("img").textContent).toBe("★★★★★");
  });
});

describe("deferUnlessQuick", () => {
  it("hands over the value itself when it arrives in time", async () => {
    const { value } = await deferUnlessQuick(Promise.resolve([ada]), 50);
    expect(value).toEqual([ada]);
  });

  it("hands over the promise when it is late, so the page can stream it", async () => {
    const late = new Promise<string>((r) => setTimeout(() => r("late"), 200));
    const started = Date.now();
    const { value } = await deferUnlessQuick(late, 30);
    expect(Date.now() - started).toBeLessThan(150);
    expect(value).toBeInstanceOf(Promise);
    expect(await value).toBe("late");
  });

  it("hands a failure over to the page instead of throwing in the loader", async () => {
    const failing = Promise.reject(new Error("down"));
    const { value } = await deferUnlessQuick(failing, 30);
    await expect(value).rejects.toThrow("down");
  });
});
