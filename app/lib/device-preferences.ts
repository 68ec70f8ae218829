/**
 * What the visitor's device asks of the site, read the same way by React, the small script
 * (app/enhance/) and the service worker's registration. No imports: any bundle may take it.
 */

/** The media query of a visitor who asked for less motion. */
export const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** Whether the visitor asked to save data (Save-Data, where the browser says so). */
export function savingData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}
