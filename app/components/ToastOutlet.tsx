import { Suspense, lazy, useEffect, useState, useSyncExternalStore } from "react";
import { TOAST_DURATION_MS, dismissToast, getToasts, subscribe } from "~/lib/toast-store";
import { toastActionButton, toastBox, toastCloseButton, toastViewport } from "./toast-style";

// If the toasts' file cannot come (offline before the service worker kept it), the plain list
// shows the same words: a failed send must say so, never turn into the error page.
const Toaster = lazy(() =>
  import("./Toaster").then(
    (m) => ({ default: m.Toaster }),
    () => ({ default: PlainToasts }),
  ),
);

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

const noToasts: ReturnType<typeof getToasts> = [];

/**
 * The toasts without Radix, for a page that could not download it: the same region name, words
 * and close button (app/enhance/react-on-demand.ts shows the same before React has started).
 */
function PlainToasts() {
  const toasts = useSyncExternalStore(subscribe, getToasts, () => noToasts);
  const shown = toasts.filter((toast) => toast.open);
  // As Radix does: each toast goes after its time (timers set again only when the store changes).
  useEffect(() => {
    const timers = toasts
      .filter((toast) => toast.open)
      .map((toast) => setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS));
    return () => timers.forEach(clearTimeout);
  }, [toasts]);
  return (
    <section aria-label="Notifications (F8)" tabIndex={-1}>
      <ol className={toastViewport}>
        {shown.map(({ id, title, description, variant, action }) => (
          <li key={id} className={toastBox(variant)}>
            <div role={variant === "destructive" ? "alert" : "status"} className="grid gap-1">
              {title && <p className="font-semibold">{title}</p>}
              {description && <p className="text-sm opacity-90">{description}</p>}
            </div>
            {action && (
              <button type="button" onClick={action.onClick} className={toastActionButton}>
                {action.label}
              </button>
            )}
            <button
              type="button"
              aria-label="Close notification"
              onClick={() => dismissToast(id)}
              className={toastCloseButton}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
