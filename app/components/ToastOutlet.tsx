import { Suspense, lazy, useEffect, useState } from "react";
import { subscribe } from "~/lib/toast-store";

const Toaster = lazy(() => import("./Toaster").then((m) => ({ default: m.Toaster })));

/** Starts downloading the toasts early, e.g. when a visitor begins filling in a form. */
export function preloadToaster() {
  void import("./Toaster");
}

const REGION = '[role="region"][aria-label^="Notifications"]';

/**
 * Where toasts appear. Radix Toast (most of the toasts' code) is only downloaded once something
 * needs it: the first toast, or F8, the shortcut to the notifications region. Most visits never
 * show a toast, so most visits never pay for it.
 */
export function ToastOutlet() {
  const [wanted, setWanted] = useState<"toast" | "hotkey" | null>(null);

  useEffect(() => {
    const unsubscribe = subscribe(() => setWanted((w) => w ?? "toast"));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "F8") setWanted((w) => w ?? "hotkey");
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      unsubscribe();
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster onReady={wanted === "hotkey" ? focusRegion : undefined} />
    </Suspense>
  );
}

/** The F8 that asked for the toasts arrived before Radix listened for it: do what it asked. */
function focusRegion() {
  document.querySelector<HTMLElement>(REGION)?.focus();
}
