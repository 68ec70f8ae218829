/** What a route says about itself in `export const handle`. */
export interface RouteHandle {
  /**
   * The page cannot work at all without React from the start. No page says so today: every page
   * is hydrated only when the visitor starts using a form, and the sliders, tabs, dialogs and
   * videos run in the small script (docs/decisions/017, 025).
   */
  hydrate?: boolean;
  /** a page of the practice's editor (/admin): the shell leaves out the newsletter sign-up */
  editor?: boolean;
}

/** Whether any route of a page asks for React from the start. */
export function hydratesAtOnce(matches: { handle?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as RouteHandle | undefined)?.hydrate === true);
}

/** Whether the page is one of the practice's editor's. */
export function isEditorPage(matches: { handle?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as RouteHandle | undefined)?.editor === true);
}
