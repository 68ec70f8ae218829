import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect } from "react";
import { isBookedMessage } from "~/lib/scheduling";

/**
 * The provider's booking page in a dialog. While it is open the address bar says so
 * (?booking=open), and closing it restores the address.
 */
export function SchedulingDialog({
  url,
  providerOrigin,
  onBooked,
  onClose,
}: {
  url: string | null;
  providerOrigin: string;
  onBooked: () => void;
  onClose: () => void;
}) {
  const open = url !== null;

  useEffect(() => {
    if (!open) return;
    const before = window.location.pathname + window.location.search;
    const withFlag = new URL(window.location.href);
    withFlag.searchParams.set("booking", "open");
    window.history.replaceState(window.history.state, "", withFlag.pathname + withFlag.search);
    return () => window.history.replaceState(window.history.state, "", before);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onMessage = (event: MessageEvent) => {
      if (isBookedMessage(event, providerOrigin)) onBooked();
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [open, providerOrigin, onBooked]);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-teal-950/60" />
        <Dialog.Content className="fixed inset-2 z-50 flex flex-col overflow-hidden rounded-2xl bg-white shadow-xl sm:inset-6 lg:inset-x-[10%]">
          <div className="flex items-center justify-between gap-4 border-b border-linen px-5 py-3">
            <Dialog.Title className="font-display text-xl font-semibold text-teal-900">
              Choose your time
            </Dialog.Title>
            <Dialog.Close
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-teal-50"
              aria-label="Close booking"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Pick a date and time for your session on our booking calendar. Your details are already
            filled in.
          </Dialog.Description>
          {url && (
            <iframe
              src={url}
              title="Booking calendar"
              className="w-full flex-1 border-0"
              allow="payment"
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
