import { useSyncExternalStore } from "react";

/**
 * Whether a media query matches, kept up to date. The server (and the first client render, so
 * hydration matches) answers `serverValue`.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}

export { REDUCED_MOTION } from "./device-preferences";
