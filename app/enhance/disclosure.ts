/** Whether a button's panel is open, as its aria-expanded says. */
export function isExpanded(button: Element): boolean {
  return button.getAttribute("aria-expanded") === "true";
}

/**
 * Opens or closes the panel a button controls (aria-controls) and says so on the button. The
 * panel's `data-state` is the state: a class hides it while "closed", and without JavaScript
 * app.css shows it (a `hidden` attribute is !important in Tailwind's base, so CSS could not).
 * React wrote it and never writes it again, so a page React hydrated later, or re-rendered on
 * navigation, keeps what the visitor opened.
 */
export function setExpanded(button: Element, open: boolean): void {
  button.setAttribute("aria-expanded", String(open));
  const panel = document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (panel) panel.dataset.state = open ? "open" : "closed";
}

/** The element an event happened on, when it is an element (not the document or a text node). */
export function targetOf(event: Event): Element | null {
  return event.target instanceof Element ? event.target : null;
}

/**
 * Where a key moves focus in a row of controls (the FAQ's questions, the services tabs): `back`
 * and `forward` step to the neighbour, wrapping around; Home and End go to the ends. Undefined
 * for any other key.
 */
export function keyTarget<T>(all: T[], current: T, key: string, back: string, forward: string) {
  const i = all.indexOf(current);
  const moves: Record<string, T | undefined> = {
    [forward]: all[(i + 1) % all.length],
    [back]: all[(i - 1 + all.length) % all.length],
    Home: all[0],
    End: all[all.length - 1],
  };
  return moves[key];
}
