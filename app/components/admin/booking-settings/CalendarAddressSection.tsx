import { useState } from "react";
import { inputClass, primaryButton, secondaryButton } from "./SettingsOutcome";

/**
 * The counsellor's private calendar address (…/calendar/<secret>.ics): made here, shown once, and
 * how to subscribe to it on a phone. Only its hash is kept, so a lost address is replaced, not
 * shown again; a new one ends the old.
 */
export function CalendarAddressSection({
  name,
  made,
  address,
}: {
  name: string;
  made: boolean;
  /** the address just made: shown this once */
  address?: string;
}) {
  return (
    <section aria-labelledby="feed-heading" className="mt-10">
      <h2 id="feed-heading" className="text-2xl font-semibold">
        Private calendar address
      </h2>
      <p className="mt-1 text-muted">
        Every booking of {name}, in the calendar on their phone: Google Calendar or the iPhone’s
        Calendar subscribes to this address and keeps itself up to date. Each booking shows the
        session and the client’s first name; the rest stays behind the sign-in. Treat the address
        like a password.
      </p>
      <div aria-live="polite">{address && <NewAddress address={address} />}</div>
      {!address && (
        <p className="mt-3">
          {made
            ? "An address has been made. It is shown only once, when it is made: if it is lost, make a new one."
            : "No address has been made yet."}
        </p>
      )}
      <form method="post" className="mt-3">
        <input type="hidden" name="intent" value="calendar-address" />
        {made && (
          <p id="feed-new-help" className="mb-2 text-sm text-muted">
            A new address stops the old one at once: a phone subscribed to the old one needs the new
            one.
          </p>
        )}
        <button
          type="submit"
          className={made ? secondaryButton : primaryButton}
          aria-describedby={made ? "feed-new-help" : undefined}
        >
          {made ? "Make a new calendar address" : "Make a calendar address"}
        </button>
      </form>
      <details className="mt-4 rounded-xl border border-slate-300 p-3">
        <summary className="cursor-pointer font-semibold">How to subscribe on a phone</summary>
        <h3 className="mt-3 font-semibold">Google Calendar (Android, or any phone with it)</h3>
        <ol className="mt-1 list-decimal space-y-1 pl-5">
          <li>On a computer, open calendar.google.com, signed in as {name}.</li>
          <li>Beside “Other calendars”, press +, then “From URL”.</li>
          <li>Paste the address and press “Add calendar”.</li>
          <li>
            On the phone, open the Google Calendar app: the bookings appear under the new calendar
            (in its settings, the calendar’s “Sync” should be on).
          </li>
        </ol>
        <h3 className="mt-3 font-semibold">iPhone</h3>
        <ol className="mt-1 list-decimal space-y-1 pl-5">
          <li>Open Settings, then Calendar, then Accounts, then Add Account.</li>
          <li>Choose Other, then Add Subscribed Calendar.</li>
          <li>Paste the address as the Server, press Next, then Save.</li>
        </ol>
        <p className="mt-3 text-sm text-muted">
          Calendar apps fetch a subscribed calendar by themselves, every hour or so; Google Calendar
          can take several hours. For the very latest, the bookings page here is always up to date.
        </p>
      </details>
    </section>
  );
}

function NewAddress({ address }: { address: string }) {
  const [copied, setCopied] = useState<"yes" | "no" | undefined>();
  return (
    <div role="status" className="mt-3 rounded-xl border-2 border-teal-700 bg-teal-50 p-4">
      <p className="font-semibold">
        The new address is below. It is shown only now: copy it before you leave this page.
      </p>
      <label htmlFor="feed-address" className="mt-2 block font-semibold">
        Private calendar address
      </label>
      <input
        id="feed-address"
        readOnly
        value={address}
        className={`${inputClass} font-mono text-sm`}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button
        type="button"
        className={`mt-2 ${secondaryButton}`}
        onClick={() => {
          navigator.clipboard?.writeText(address).then(
            () => setCopied("yes"),
            () => setCopied("no"),
          );
        }}
      >
        Copy
      </button>
      <span aria-live="polite" className="ml-3 text-sm">
        {copied === "yes" && "Copied."}
        {copied === "no" && "Could not copy: select the address and copy it by hand."}
      </span>
    </div>
  );
}
