/** SPEC.md: the bar tracks whether the page is scrolled more than 10 px. */
const SCROLL_THRESHOLD_PX = 10;

/** Keeps the header's `data-scrolled` up to date; app.css styles the bar from it. */
export function wireHeader(): void {
  const update = () => {
    const header = document.querySelector("header[data-scrolled]");
    const scrolled = String(window.scrollY > SCROLL_THRESHOLD_PX);
    if (header && header.getAttribute("data-scrolled") !== scrolled)
      header.setAttribute("data-scrolled", scrolled);
  };
  update();
  window.addEventListener("scroll", update, { passive: true });
  document.addEventListener("site:navigate", update);
}
