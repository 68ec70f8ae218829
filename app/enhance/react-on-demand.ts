/**
 * React on a words-only page (docs/decisions/017). The server leaves React Router's module script
 * in the page but inert (server/http/pages/document-scripts.ts); it is made live when the visitor starts
 * using a form (the footer's newsletter sign-up is on every page), so a visit that only reads
 * never downloads React. Every form sent before React is ready is held, in the order it was sent,
 * and handed to React, whose forms keep the words on a bad network; if React cannot start, they
 * are sent as without JavaScript (all but the last in the background, the last as a page). Never while the phone is offline: a plain post then would replace the page with the
 * browser's error page and lose what was typed (issue 10's contract), so the form waits, says so,
 * and goes by itself when the connection is back.
 */
import { IDEMPOTENCY_FIELD } from "~/lib/forms/fields";
import { feedHydrationData, loadHydrationData, restoreContextScript } from "~/lib/hydration-data";
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
  // From here every form sent is held for React, whose checks speak at each field in the site's
  // words (or, if React cannot start, posted to the server, which says the same): the browser's
  // own checks would stop the send with a bubble of its own, before this script ever saw it.
  // React's forms carry their offline words (`data-offline-title`).
  for (const form of document.querySelectorAll<HTMLFormElement>("form[data-offline-title]")) {
    form.noValidate = true;
  }
  // A form cleared before React has started (its Clear button is a plain reset until then) says
  // so as React would (`data-reset-title`, the booking form's "Form cleared!").
  document.addEventListener("reset", (event) => {
    const title = event.target instanceof HTMLFormElement ? event.target.dataset.resetTitle : null;
    if (!title) return;
    const notice = toastNotice(title);
    setTimeout(() => notice.remove(), CLEARED_NOTICE_MS);
  });
  let state: State = "idle";
  /**
   * Every form sent before React was ready, in the order each was first sent: a visitor may send
   * a message and then sign up in the footer. A form sent twice keeps its place, and is sent once.
   */
  const queue: Held[] = [];
  const hold = (waiting: Held) => {
    const at = queue.findIndex((held) => held.form === waiting.form);
    if (at === -1) queue.push(waiting);
    else queue[at] = waiting;
  };

  /** The phone is offline: the newest form's notice (one at a time, as React's toasts). */
  let notice: HTMLElement | null = null;
  const sayOffline = (waiting: Held) => {
    notice?.remove();
    notice = toastNotice(
      waiting.form.dataset.offlineTitle ?? "You are offline.",
      waiting.form.dataset.offlineDetail ??
        "What you typed is kept here and will be sent when your connection is back.",
    );
  };
  let listening = false;
  const whenOnline = () => {
    if (listening) return;
    listening = true;
    window.addEventListener(
      "online",
      () => {
        listening = false;
        notice?.remove();
        notice = null;
        // React's files may still be on their way, or stuck from the drop: do not wait for them;
        // the plain post works now (without React, as without JavaScript).
        if (state !== "ready") state = "failed";
        flush();
      },
      { once: true },
    );
  };

  /** Sends what is waiting, oldest first: to React once it runs, else the plain way. */
  let sending = false;
  const flush = () => {
    if (sending || queue.length === 0) return;
    if (!navigator.onLine) return whenOnline();
    if (state === "ready") {
      // React's forms post in the background, each with its own fetcher: all of them go.
      for (const waiting of queue.splice(0)) submit(waiting);
      return;
    }
    if (state !== "failed") return;
    // Only one form can be posted the plain way (the page is replaced by its answer): the others
    // go in the background first, each with a key so that a retry cannot send it twice.
    sending = true;
    void sendInBackground(queue).then((plain) => {
      sending = false;
      if (plain) submit(plain);
      else setTimeout(flush, RETRY_MS);
    });
  };

  const release = (next: State) => {
    if (state === "ready" || state === "failed") return;
    state = next;
    flush();
  };

  const start = () => {
    if (state !== "idle") return;
    const inert = document.querySelector<HTMLScriptElement>(DEFERRED_MODULE);
    if (!inert) return release("failed");
    state = "starting";
    if (document.documentElement.dataset.reactHydrated === "true") return release("ready");
    linkWholeStylesheet();
    document.addEventListener("site:react-hydrated", () => release("ready"), { once: true });
    setTimeout(() => release("failed"), GIVE_UP_MS);
    const startReact = (words: string) => {
      const live = document.createElement("script");
      live.type = "module";
      // A page rendered per request allows its scripts by nonce; a kept one by their hash, which
      // is the same for this copy.
      live.nonce = inert.nonce;
      live.textContent = words;
      live.addEventListener("error", () => release("failed"));
      inert.replaceWith(live);
    };
    // A kept page's data comes on its own (app/lib/hydration-data.ts), and with it, when the page
    // left them out, the scripts that start React. Without it React would wait for ever: forms
    // then go the plain way.
    const data = loadHydrationData();
    const inPage = inert.textContent;
    if (inPage) startReact(inPage);
    data
      .then((found) => {
        if (!found) return;
        if (found.boot) {
          restoreContextScript(found.boot.context);
          startReact(found.boot.module);
        } else if (!inPage) throw new Error("React's scripts are in neither the page nor its data");
        feedHydrationData(found.chunks);
      })
      .catch(() => release("failed"));
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
      // React could not start, and the network is there: the plain way, as without JavaScript
      // (unless forms sent before this one are still going out: this one waits behind them).
      if (state === "failed" && navigator.onLine && queue.length === 0 && !sending) return;
      event.preventDefault();
      hold(waiting);
      // Offline, React's files cannot come either: the form waits and is sent again when the
      // connection is back (this handler then starts React, or lets the plain post through).
      if (!navigator.onLine) {
        sayOffline(waiting);
        return whenOnline();
      }
      if (state === "idle") start();
      else flush();
    },
    true,
  );
}

/** How long the forms waiting behind one that failed to go wait before the next try. */
const RETRY_MS = 5_000;

function submit(waiting: Held) {
  try {
    waiting.form.requestSubmit(waiting.submitter);
  } catch {
    waiting.form.requestSubmit();
  }
}

/**
 * Posts the waiting forms, oldest first, as the browser would without JavaScript but in the
 * background, each with an idempotency key (a retry after a lost answer is recognised, as with
 * React's forms), and takes each that went out of `queue`. One is left to be posted as a page:
 * the first the server refused (its answer says why at the fields), else the last. Null when the
 * network or the server failed on the way: what is left waits for the next try.
 */
async function sendInBackground(queue: Held[]): Promise<Held | null> {
  let plain: Held | null = null;
  while (queue.length > (plain ? 0 : 1)) {
    const waiting = queue[0]!;
    const { form, submitter } = waiting;
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form, submitter)) {
      if (typeof value === "string") body.append(name, value);
    }
    const key = keys.get(form) ?? newKey();
    keys.set(form, key);
    body.set(IDEMPOTENCY_FIELD, key);
    try {
      const answer = await fetch(form.action, {
        method: "POST",
        body,
        credentials: "same-origin",
        redirect: "manual",
      });
      // Not there yet (a proxy's 502, the site restarting, a flood's 429): try again later.
      if (answer.status >= 500 || answer.status === 429) return null;
      keys.delete(form);
      queue.shift();
      if (answer.status >= 400 && !plain) plain = waiting;
    } catch {
      return null;
    }
  }
  return plain ?? queue.shift() ?? null;
}

const keys = new WeakMap<HTMLFormElement, string>();
/** A key shaped as React's forms make them (a UUID; plain http has no randomUUID). */
function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
    // The button that sends the form (a form may have others, such as a booking's week buttons).
    const button =
      form.querySelector<HTMLButtonElement>("button[data-completes]") ??
      form.querySelector<HTMLButtonElement>('button[type="submit"]');
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
