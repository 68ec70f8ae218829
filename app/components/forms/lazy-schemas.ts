import type { FormEvent } from "react";
import { preloadToaster } from "../ToastOutlet";

type Schemas = typeof import("~/lib/forms/schemas");

let loaded: Schemas | undefined;
let loading: Promise<Schemas> | undefined;
let unavailable = false;

/**
 * Starts downloading the form schemas (and zod with them). Forms call this when a visitor first
 * focuses one of their fields, so the validator costs nothing on pages where nobody types. A
 * download that failed (the connection dropped) is tried again on the next call.
 */
export function preloadSchemas(): Promise<Schemas> {
  loading ??= import("~/lib/forms/schemas").then(
    (module) => {
      unavailable = false;
      return (loaded = module);
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Everything a form needs once someone starts filling it in: its checks and the toasts. */
export function preloadFormSupport() {
  void preloadSchemas();
  preloadToaster();
}

/**
 * The schemas for a submit handler. When they are still downloading, the submission waits for
 * them and is sent again (so the browser checks it exactly as the server will): `undefined`, the
 * event is already stopped. If they cannot be downloaded (offline before they came), `null`: the
 * form is sent unchecked in the background and the server, which uses the same schemas, answers
 * at each field. Never a plain post, which offline would replace the page and lose the words.
 */
export function schemasForSubmit(event: FormEvent<HTMLFormElement>): Schemas | null | undefined {
  if (loaded) return loaded;
  if (unavailable) return null;
  event.preventDefault();
  const form = event.currentTarget;
  preloadSchemas()
    .catch(() => {
      unavailable = true;
    })
    .finally(() => form.requestSubmit());
  return undefined;
}
