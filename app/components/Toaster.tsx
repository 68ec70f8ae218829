import { X } from "~/components/icons";
import { Toast } from "radix-ui";
import { useEffect, useSyncExternalStore } from "react";
import {
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  dismissToast,
  getToasts,
  subscribe,
} from "~/lib/toast-store";
import { toastActionButton, toastBox, toastCloseButton, toastViewport } from "./toast-style";

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
          className={`group pointer-events-auto ${toastBox(variant)}`}
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
              className={toastActionButton}
            >
              {action.label}
            </Toast.Action>
          )}
          <Toast.Close aria-label="Close notification" className={toastCloseButton}>
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className={toastViewport} />
    </Toast.Provider>
  );
}
