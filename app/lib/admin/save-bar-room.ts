import { type RefObject, useEffect } from "react";

/**
 * Keeps the editor's fields clear of its sticky buttons (WCAG 2.2 2.4.11, issue 41 item 16). The
 * form's `scroll-margin-bottom` is the bar's height as measured, in `--save-bar-height`: a notice
 * in the bar ("Published…", a refusal, a lost connection) makes it taller than any fixed margin
 * on a 390 px phone. When the bar grows over the field being typed in, that field is scrolled up
 * above it. Without JavaScript the margin stays the stylesheet's own.
 */
export function useSaveBarRoom(
  form: RefObject<HTMLFormElement | null>,
  bar: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const formElement = form.current;
    const barElement = bar.current;
    if (!formElement || !barElement || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      const barTop = barElement.getBoundingClientRect().top;
      const height = barElement.getBoundingClientRect().height;
      formElement.style.setProperty("--save-bar-height", `${Math.ceil(height)}px`);
      const focused = document.activeElement;
      if (
        focused instanceof HTMLElement &&
        formElement.contains(focused) &&
        !barElement.contains(focused) &&
        focused.getBoundingClientRect().bottom > barTop
      )
        focused.scrollIntoView({ block: "nearest" });
    });
    observer.observe(barElement);
    return () => observer.disconnect();
  }, [form, bar]);
}
