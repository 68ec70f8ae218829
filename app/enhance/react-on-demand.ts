/**
 * React on a words-only page (docs/decisions/017). The server leaves React Router's module script
 * in the page but inert (server/document-scripts.ts); it is made live when the visitor starts
 * using a form (the footer's newsletter sign-up is on every page), so a visit that only reads
 * never downloads React. A form sent before React is ready is held and handed to React, whose
 * forms keep the words on a bad network; if React cannot start, the form is sent as without
 * JavaScript.
 */
const DEFERRED_MODULE = 'script[type="text/x-deferred-module"]';
/** how long a held form waits for React before it is sent the plain way */
const GIVE_UP_MS = 15_000;

type State = "idle" | "starting" | "ready" | "failed";

export function reactOnDemand(): void {
  let state: State = "idle";
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;

  const release = (next: State) => {
    if (state === "ready" || state === "failed") return;
    state = next;
    const waiting = held;
    held = null;
    if (!waiting) return;
    try {
      waiting.form.requestSubmit(waiting.submitter);
    } catch {
      waiting.form.requestSubmit();
    }
  };

  const start = () => {
    if (state !== "idle") return;
    const inert = document.querySelector<HTMLScriptElement>(DEFERRED_MODULE);
    if (!inert) return release("failed");
    state = "starting";
    if (document.documentElement.dataset.reactHydrated === "true") return release("ready");
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
      if (state === "ready" || state === "failed") return;
      if (!(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      held = {
        form: event.target,
        submitter: event.submitter?.closest("form") === event.target ? event.submitter : null,
      };
      start();
    },
    true,
  );
}
