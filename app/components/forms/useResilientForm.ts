import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import type { z } from "zod";
import { type Unreachable, newIdempotencyKey, retryDelayMs } from "~/lib/forms/client-action";
import { type FieldErrors, IDEMPOTENCY_FIELD, formValues } from "~/lib/forms/fields";
import { savingData } from "~/lib/device-preferences";
import { discoverRoute } from "~/lib/forms/discover-route";
import { preloadFormSupport, schemasForSubmit } from "./lazy-schemas";
import { toast } from "~/lib/toast-store";
import { useHydrated } from "~/lib/use-hydrated";

type Schemas = typeof import("~/lib/forms/schemas");
type Answer = { outcome: string; errors?: FieldErrors; values?: Record<string, string> };

export interface ResilientFormOptions<T extends Answer> {
  /** the route whose action receives the form */
  action: string;
  /** the fields in the order they appear, for focusing the first one in error */
  fieldOrder: readonly string[];
  /** picks this form's schema once the schemas have loaded */
  schema: (schemas: Schemas) => z.ZodType;
  /** what the visitor is told when the post did not get through (and that it is kept) */
  unreachable: { title: string; description: string };
  /** the answer of the server, once per answer; not called for invalid or unreachable */
  onAnswer?: (answer: T) => void;
  /** fetcher key, for forms that appear twice on a page */
  fetcherKey?: string;
  /** whether this form reads a full-page (no JavaScript) answer */
  readsPageResult?: boolean;
}

/**
 * The one way a form is sent (docs/decisions/013): the shared schema checks it in the browser and
 * focuses the first field in error; it posts in the background with an idempotency key made here;
 * a post that does not get through leaves the form as typed, says so, and is sent again by itself
 * on the browser's `online` event and on a capped backoff while the page stays open. Nothing is
 * kept anywhere but in this page's memory.
 */
export function useResilientForm<T extends Answer>(options: ResilientFormOptions<T>) {
  const { action, fieldOrder } = options;
  const fetcher = useFetcher<T | Unreachable>(
    options.fetcherKey ? { key: options.fetcherKey } : undefined,
  );
  const pageAnswer = useActionData<T>();
  const pageResult = options.readsPageResult === false ? undefined : pageAnswer;
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const attempt = useRef(0);
  const inFlight = useRef(false);
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  // Made once the form hydrates, in the browser only: a key in the server's (cached, shared) HTML
  // could be two visitors'. Each post carries it as the field `idempotency_key`.
  const key = useRef("");
  const renewKey = useCallback(() => {
    key.current = newIdempotencyKey();
  }, []);
  useEffect(renewKey, [renewKey]);

  // Someone is using this form: its checks and the toasts are fetched (and the footer's sign-up
  // fetches its route), while the connection is surely there; a send that fails offline must
  // find them. On a page where React starts because a form was used (docs/decisions/025), the
  // focus that started it came before React listened: a field already focused counts.
  const [engaged, setEngaged] = useState(false);
  const asked = useRef(false);
  const engage = useCallback(() => {
    preloadFormSupport();
    // A form that posts to another page's route (the footer's sign-up) needs that route known
    // before a press offline; React Router learns it ahead of time except under Save-Data.
    if (
      !asked.current &&
      savingData() &&
      new URL(action, location.href).pathname !== location.pathname
    ) {
      asked.current = true;
      void discoverRoute(action);
    }
    setEngaged(true);
  }, [action]);
  useEffect(() => {
    if (formRef.current?.contains(document.activeElement)) engage();
  }, [engage]);

  const busy = fetcher.state !== "idle";
  const answer =
    fetcher.data && fetcher.data.outcome !== "unreachable" ? (fetcher.data as T) : undefined;
  const result = answer ?? pageResult;
  const serverErrors = result?.outcome === "invalid" ? (result.errors ?? {}) : {};
  const errors: FieldErrors = { ...serverErrors, ...clientErrors };
  const values = result?.values;

  const focusFirst = useCallback(
    (errs: FieldErrors) => {
      const first = fieldOrder.find((f) => errs[f]);
      if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    },
    [fieldOrder],
  );

  const send = useCallback(() => {
    const form = formRef.current;
    // A second tap while the first is on its way sends nothing more.
    if (!form || inFlight.current) return;
    inFlight.current = true;
    // What is in the form now: the visitor may have corrected it while waiting.
    const body = new FormData(form);
    body.set(IDEMPOTENCY_FIELD, key.current);
    fetcher.submit(body, {
      method: "post",
      action,
      // Nothing on these pages changes when a form is sent, and a reload on a dropped connection
      // would fail where the post itself was handled.
      defaultShouldRevalidate: false,
    });
  }, [fetcher, action]);

  // Each answer once: success renews the key; unreachable schedules the next attempt.
  // An answer that came before React drew the fetcher busy (offline, the post fails at once) leaves
  // its state "idle" from one render to the next: only its data changes, and that must free the
  // form too, or the retry when the connection is back would send nothing.
  useEffect(() => {
    if (fetcher.state === "idle") inFlight.current = false;
  }, [fetcher.state, fetcher.data]);

  useEffect(() => {
    const data = fetcher.data;
    if (!data || fetcher.state !== "idle") return;
    if (data.outcome === "unreachable") {
      const { title, description } = optionsRef.current.unreachable;
      toast({ title, description, variant: "destructive" });
      return;
    }
    attempt.current = 0;
    const typed = data as T;
    if (typed.outcome === "invalid") focusFirst(typed.errors ?? {});
    optionsRef.current.onAnswer?.(typed);
    if (
      typed.outcome !== "invalid" &&
      typed.outcome !== "rate-limited" &&
      typed.outcome !== "failed"
    )
      renewKey();
  }, [fetcher.data, fetcher.state, focusFirst, renewKey]);

  // A post that did not get through waits, as typed, until it is sent again.
  const waiting = fetcher.data?.outcome === "unreachable";

  // While a post is waiting: again when the browser says it is online, and on a capped backoff.
  useEffect(() => {
    if (!waiting || busy) return;
    const retry = () => {
      attempt.current += 1;
      send();
    };
    const timer = setTimeout(retry, retryDelayMs(attempt.current));
    window.addEventListener("online", retry);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("online", retry);
    };
  }, [waiting, busy, send]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const schemas = schemasForSubmit(event);
    // Still downloading: it is sent again once they are here.
    if (schemas === undefined) return;
    event.preventDefault();
    if (busy) return;
    // Without them (they could not come), the server's answer speaks at the fields instead.
    const check = schemas?.validateForm(
      options.schema(schemas),
      formValues(new FormData(event.currentTarget)),
    );
    if (check && !check.ok) {
      setClientErrors(check.errors);
      focusFirst(check.errors);
      return;
    }
    setClientErrors({});
    send();
  };

  // After a full-page post the first field in error takes focus when the page loads.
  const autoFocusField =
    pageResult && !fetcher.data ? fieldOrder.find((f) => errors[f]) : undefined;

  return {
    fetcher,
    busy,
    hydrated,
    /** the latest answer: the background post's, else the full-page post's */
    result,
    /** the full-page (no JavaScript) answer, when nothing was posted in the background yet */
    pageResult: fetcher.data ? undefined : pageResult,
    errors,
    clearErrors: () => setClientErrors({}),
    values,
    /** true while a post that did not get through waits to be sent again */
    waiting,
    /** true once a field of the form has had focus */
    engaged,
    focusProps: (name: string) => (autoFocusField === name ? { autoFocus: true } : {}),
    formProps: {
      ref: formRef,
      method: "post" as const,
      action,
      // Once React runs, the shared schema checks the form and speaks at each field; before that
      // (or without JavaScript) the browser's own checks apply.
      noValidate: hydrated,
      onFocus: engage,
      onSubmit,
      // What the small script says if the form is sent offline before React could start
      // (app/enhance/react-on-demand.ts); React says the same with its toast.
      "data-offline-title": options.unreachable.title,
      "data-offline-detail": options.unreachable.description,
    },
  };
}
