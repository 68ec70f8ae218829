import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { useEffect, useSyncExternalStore } from "react";
import {
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  dismissToast,
  getToasts,
  subscribe,
} from "~/lib/toast-store";

const noToasts: ReturnType<typeof getToasts> = [];

/**
 * A toast opened while a dialog is open is the newest Radix layer, so it would take the first
 * Escape. The visitor is looking at the dialog: Escape closes the dialog first (by its close
 * button, as a click would), and the toast stays until it times out or is closed itself.
 */
function escapeClosesOpenDialogFirst(event: KeyboardEvent) {
  const dialog = document.querySelector<HTMLElement>('[role="dialog"][data-state="open"]');
  const close = dialog?.querySelector<HTMLButtonElement>('button[aria-label^="Close"]');
  if (!close) return;
  event.preventDefault();
  close.click();
}

/** Renders the toast store with Radix Toast: swipe right to dismiss, F8 jumps to the region. */
export function Toaster({ onReady }: { onReady?: () => void } = {}) {
  const toasts = useSyncExternalStore(subscribe, getToasts, () => noToasts);
  useEffect(() => onReady?.(), [onReady]);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notification"
    >
      {toasts.map(({ id, title, description, variant, action, open }) => (
        <Toast.Root
          key={id}
          open={open}
          type={variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
          onEscapeKeyDown={escapeClosesOpenDialogFirst}
          data-variant={variant ?? "default"}
          className={`toast group pointer-events-auto relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-lg ${
            variant === "destructive"
              ? "border-clay-700 bg-clay-700 text-white"
              : "border-linen bg-white text-ink"
          }`}
        >
          <div className="grid gap-1">
            {title && <Toast.Title className="font-semibold">{title}</Toast.Title>}
            {description && (
              <Toast.Description className="text-sm opacity-90">{description}</Toast.Description>
            )}
          </div>
          {action && (
            <Toast.Action
              altText={action.altText}
              onClick={action.onClick}
              className="ml-auto shrink-0 rounded-full border px-3 py-1 text-sm font-semibold"
            >
              {action.label}
            </Toast.Action>
          )}
          <Toast.Close
            aria-label="Close notification"
            className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-full opacity-80 hover:opacity-100"
          >
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-md list-none flex-col gap-2 p-4 outline-none sm:right-4 sm:bottom-4" />
    </Toast.Provider>
  );
}
