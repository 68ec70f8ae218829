import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** false in the server's HTML and while React hydrates it; true once the page is interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}
