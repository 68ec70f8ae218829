import { data } from "react-router";
import type { AppLoadContext } from "react-router";
import type { FormResult, SubmitMeta } from "../services/forms";
import type { z } from "zod";
import type { FormOutcome } from "./outcomes";
import { HONEYPOT_FIELD, formValues, validateForm } from "./schemas";
import { IDEMPOTENCY_FIELD } from "./fields";
import { messages } from "~/content/messages";

/** Reads a posted form; a body that cannot be parsed answers 400 with a clear message. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ outcome: "bad-request" as const, message: messages.badRequest }, { status: 400 });
  }
}

/** A filled-in honeypot means a bot: it is answered like a person, and nothing is stored. */
export function isBot(formData: FormData): boolean {
  const trap = formData.get(HONEYPOT_FIELD);
  return typeof trap === "string" && trap.trim() !== "";
}

export function submitMeta(
  request: Request,
  context: AppLoadContext,
  pageName: string,
  values: Record<string, string> = {},
): SubmitMeta {
  const url = new URL(request.url);
  return {
    ip: context.clientIp,
    pageUri: `${context.siteUrl}${url.pathname}`,
    pageName,
    idempotencyKey: values[IDEMPOTENCY_FIELD] || undefined,
  };
}

/**
 * Post/Redirect/Get for a form sent without JavaScript (it carries no idempotency key, which only
 * the hydrated form adds): the outcome travels in the query string, never a cookie, so the page
 * cache, which skips URLs with a query, renders it per request (docs/decisions/013).
 */
export function isFullPagePost(values: Record<string, string>): boolean {
  return !values[IDEMPOTENCY_FIELD];
}

/** The answer for the outcomes every form shares: rate limited, or not stored at all. */
export function commonFailure(result: FormResult) {
  if (result.status === "rate-limited") {
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    return data(
      { outcome: "rate-limited" as const, message: messages.rateLimited(minutes) },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (result.status === "unavailable") {
    return data(
      { outcome: "failed" as const, message: messages.contact.failed },
      { status: 503, headers: { "Retry-After": "30" } },
    );
  }
  return null;
}

/**
 * Validates a posted form with its schema. Invalid input answers 400 with the messages for each
 * field and what was typed; a filled honeypot is flagged so the action can answer like success
 * without storing anything.
 */
export function checkSubmission<T extends z.ZodType>(formData: FormData, schema: T) {
  const values = formValues(formData);
  const check = validateForm(schema, values);
  if (!check.ok) {
    return {
      ok: false as const,
      response: data({ outcome: "invalid", errors: check.errors, values } satisfies FormOutcome, {
        status: 400,
      }),
    };
  }
  return { ok: true as const, bot: isBot(formData), data: check.data, values };
}
