import type { FormEvent } from "react";
import { preloadToaster } from "../ToastOutlet";

type Schemas = typeof import("~/lib/forms/schemas");

let loaded: Schemas | undefined;
let loading: Promise<Schemas> | undefined;
let unavailable = false;

/**
 * Starts downloading the form schemas (and zod with them). Forms call this when a visitor first
 * focuses one of their fields, so the validator costs nothing on pages where nobody types.
 */
export function preloadSchemas(): Promise<Schemas> {
  loading ??= import("~/lib/forms/schemas").then((module) => (loaded = module));
  return loading;
}

/** Everything a form needs once someone starts filling it in: its checks and the toasts. */
export function preloadFormSupport() {
  void preloadSchemas();
  preloadToaster();
}

/**
 * The schemas for a submit handler. When they are still downloading, the submission waits for
 * them and is sent again (so the browser checks it exactly as the server will); if they cannot be
 * downloaded at all, the form goes through and the server, which uses the same schemas, answers.
 */
export function schemasForSubmit(event: FormEvent<HTMLFormElement>): Schemas | undefined {
  if (loaded || unavailable) return loaded;
  event.preventDefault();
  const form = event.currentTarget;
  preloadSchemas()
    .catch(() => {
      unavailable = true;
    })
    .finally(() => form.requestSubmit());
  return undefined;
}
