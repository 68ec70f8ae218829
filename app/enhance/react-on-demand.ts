/**
 * React on a words-only page (docs/decisions/017). The server leaves React Router's module script
 * in the page but inert (server/document-scripts.ts); it is made live when the visitor starts
 * using a form (the footer's newsletter sign-up is on every page), so a visit that only reads
 * never downloads React. A form sent before React is ready is held and handed to React, whose
 * forms keep the words on a bad network; if React cannot start, the form is sent as without
 * JavaScript. Never while the phone is offline: a plain post then would replace the page with the
 * browser's error page and lose what was typed (issue 10's contract), so the form waits, says so,
 * and goes by itself when the connection is back.
 */
import { linkWholeStylesheet } from "~/lib/whole-stylesheet";

const DEFERRED_MODULE = 'script[type="text/x-deferred-module"]';
/** how long a held form waits for React before it is sent the plain way */
const GIVE_UP_MS = 15_000;
/** how long "Form cleared!" stays, as React's toasts */
const CLEARED_NOTICE_MS = 5_000;

type State = "idle" | "starting" | "ready" | "failed";
interface Held {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

export function reactOnDemand(): void {
  holdIncompleteForms();
  // A form cleared before React has started (its Clear button is a plain reset until then) says
  // so as React would (`data-reset-title`, the booking form's "Form cleared!").
  document.addEventListener("reset", (event) => {
    const title = event.target instanceof HTMLFormElement ? event.target.dataset.resetTitle : null;
    if (!title) return;
    const notice = toastNotice(title);
    setTimeout(() => notice.remove(), CLEARED_NOTICE_MS);
  });
  let state: State = "idle";
  let held: Held | null = null;

  const send = (waiting: Held) => {
    try {
      waiting.form.requestSubmit(waiting.submitter);
    } catch {
      waiting.form.requestSubmit();
    }
  };

  /** React could not start and the phone is offline: keep the form, say so, send when back. */
  const offline: { waiting: Held | null } = { waiting: null };
  const waitForConnection = (waiting: Held) => {
    // A second tap while offline changes nothing: one notice, one send when the network is back.
    const alreadyWaiting = offline.waiting !== null;
    offline.waiting = waiting;
    if (alreadyWaiting) return;
    const notice = toastNotice(
      waiting.form.dataset.offlineTitle ?? "You are offline.",
      waiting.form.dataset.offlineDetail ??
        "What you typed is kept here and will be sent when your connection is back.",
    );
    window.addEventListener(
      "online",
      () => {
        notice.remove();
        const latest = offline.waiting!;
        offline.waiting = null;
        // React's files may still be on their way, or stuck from the drop: do not wait for them;
        // the plain post works now (without React, as without JavaScript).
        if (state !== "ready") state = "failed";
        send(latest);
      },
      { once: true },
    );
  };

  const release = (next: State) => {
    if (state === "ready" || state === "failed") return;
    state = next;
    const waiting = held;
    held = null;
    if (!waiting) return;
    if (next === "failed" && !navigator.onLine) waitForConnection(waiting);
    else send(waiting);
  };

  const start = () => {
    if (state !== "idle") return;
    const inert = document.querySelector<HTMLScriptElement>(DEFERRED_MODULE);
    if (!inert) return release("failed");
    state = "starting";
    if (document.documentElement.dataset.reactHydrated === "true") return release("ready");
    linkWholeStylesheet();
    document.addEventListener("site:react-hydrated", () => release("ready"), { once: true });
    const live = document.createElement("script");
    live.type = "module";
    // A page rendered per request allows its scripts by nonce; a cached one by their hash, which
    // is the same for this copy.
    live.nonce = inert.nonce;
    live.textContent = inert.textContent;
    live.addEventListener("error", () => release("failed"));
    inert.replaceWith(live);
    setTimeout(() => release("failed"), GIVE_UP_MS);
  };

  document.addEventListener("focusin", (event) => {
    if (event.target instanceof Element && event.target.closest("form")) start();
  });
  document.addEventListener(
    "submit",
    (event) => {
      if (state === "ready") return;
      if (!(event.target instanceof HTMLFormElement)) return;
      const waiting = {
        form: event.target,
        submitter: event.submitter?.closest("form") === event.target ? event.submitter : null,
      };
      // React could not start, and the network is there: the plain way, as without JavaScript.
      if (state === "failed" && navigator.onLine) return;
      event.preventDefault();
      // Offline, React's files cannot come either: the form waits and is sent again when the
      // connection is back (this handler then starts React, or lets the plain post through).
      if (!navigator.onLine) return waitForConnection(waiting);
      held = waiting;
      start();
    },
    true,
  );
}

/**
 * A message where the toasts appear (the same region name as React's toasts, which are not on the
 * page: React has not started, or could not): a form sent offline, a form cleared.
 */
function toastNotice(heading: string, text?: string): HTMLElement {
  const region = document.createElement("section");
  region.setAttribute("aria-label", "Notifications (F8)");
  region.className =
    "fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-md flex-col gap-2 p-4 sm:right-4 sm:bottom-4";
  // A list of one, as React's toasts are (Radix writes an <ol> of <li>).
  const list = document.createElement("ol");
  list.className = "m-0 list-none p-0";
  const item = document.createElement("li");
  const toast = document.createElement("div");
  toast.setAttribute("role", "status");
  toast.className =
    "toast grid gap-1 rounded-2xl border border-clay-700 bg-clay-700 p-4 text-white shadow-lg";
  const title = document.createElement("p");
  title.className = "font-semibold";
  title.textContent = heading;
  toast.append(title);
  if (text) {
    const detail = document.createElement("p");
    detail.className = "text-sm opacity-90";
    detail.textContent = text;
    toast.append(detail);
  }
  item.append(toast);
  list.append(item);
  region.append(list);
  document.body.append(region);
  return region;
}

/**
 * A form whose button waits for every required field (`data-needs-every-field`, the booking
 * form) says so before React has started too; once React runs, it keeps the button itself.
 */
function holdIncompleteForms(): void {
  const sync = (form: HTMLFormElement) => {
    if (document.documentElement.dataset.reactHydrated === "true") return;
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    const fields = [...form.querySelectorAll<HTMLInputElement>("input[required]")];
    if (button) button.disabled = fields.some((field) => field.value.trim() === "");
  };
  document.querySelectorAll<HTMLFormElement>("form[data-needs-every-field]").forEach(sync);
  document.addEventListener("input", (event) => {
    const form =
      event.target instanceof Element
        ? event.target.closest<HTMLFormElement>("form[data-needs-every-field]")
        : null;
    if (form) sync(form);
  });
}
