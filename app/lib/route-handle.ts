/** What a route says about itself in `export const handle`. */
export interface RouteHandle {
  /**
   * The page needs React from the start: a form, tabs, sliders or a dialog. Every other page is
   * hydrated only when the visitor starts using a form (docs/decisions/017).
   */
  hydrate?: boolean;
}

/** Whether any route of a page asks for React from the start. */
export function hydratesAtOnce(matches: { handle?: unknown }[]): boolean {
  return matches.some((m) => (m.handle as RouteHandle | undefined)?.hydrate === true);
}
