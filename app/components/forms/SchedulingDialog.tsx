import { MessageCircle, Phone, X } from "~/components/icons";
import { Dialog } from "radix-ui";
import { useEffect, useState } from "react";
import { useSite, whatsappLink } from "~/lib/site";
import { isBookedMessage } from "~/lib/scheduling";
import { useProviderFrame } from "~/lib/use-provider-frame";

/**
 * The provider's booking page in a dialog. While it is open the address bar says so
 * (?booking=open), and closing it restores the address. The frame shows only once the provider
 * has answered; if it cannot load (no network, blocked, or no answer in time) the dialog says so
 * and offers the phone numbers and WhatsApp, so the visitor never sees the browser's error page.
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
  const [attempt, setAttempt] = useState(0);
  const frame = useProviderFrame(url, providerOrigin, attempt);

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
          {url && frame.state === "failed" ? (
            <CalendarUnavailable offline={frame.offline} onRetry={() => setAttempt((n) => n + 1)} />
          ) : (
            url && (
              <div className="relative flex flex-1 flex-col">
                {frame.state === "loading" && <Loading />}
                <iframe
                  key={attempt}
                  src={url}
                  title="Booking calendar"
                  // Hidden until the provider answers, so a failed load never shows the browser's
                  // error page; still laid out, so it loads at its real size.
                  className={`w-full flex-1 border-0 ${frame.state === "ready" ? "" : "invisible"}`}
                  allow="payment"
                  onLoad={frame.onLoad}
                />
              </div>
            )
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Loading() {
  return (
    <p role="status" className="absolute inset-x-0 top-10 px-6 text-center text-lg text-muted">
      Opening the booking calendar…
    </p>
  );
}

/** What the visitor sees instead of a calendar that cannot load: a warm way to book anyway. */
function CalendarUnavailable({ offline, onRetry }: { offline: boolean; onRetry: () => void }) {
  const site = useSite();
  return (
    <div role="alert" className="flex-1 overflow-y-auto px-6 py-8 sm:px-10">
      <h3 className="text-2xl font-semibold text-teal-900">Our booking calendar could not open</h3>
      <p className="mt-3 max-w-2xl text-lg leading-relaxed text-muted">
        {offline
          ? "Your phone seems to be offline just now, so the calendar could not load."
          : "The calendar did not load, perhaps because the connection is weak or something on this device blocked it."}{" "}
        Your request is saved with us, and we would still love to find you a time: call us or send a
        WhatsApp message and we will book your session with you.
      </p>
      <ul className="mt-6 space-y-2">
        {site.phones.map((p) => (
          <li key={p.e164}>
            <a
              href={`tel:${p.e164}`}
              className="inline-flex min-h-11 items-center gap-2 text-lg font-semibold text-teal-800"
            >
              <Phone aria-hidden="true" className="size-5" /> Call {p.display}
            </a>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap gap-3">
        <a
          href={whatsappLink(site, "Hello, I would like to book a counselling session, please.")}
          className="btn-secondary"
          rel="noopener noreferrer"
          target="_blank"
        >
          <MessageCircle aria-hidden="true" className="size-5" /> Book on WhatsApp
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <button type="button" className="btn-outline" onClick={onRetry}>
          Try the calendar again
        </button>
      </div>
    </div>
  );
}
