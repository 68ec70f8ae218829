import { type DeliveryResult, retryAfterMs } from "./delivery-result";

/**
 * HubSpot Forms API v3 (DESIGN.md "Outside services"). The only module that knows HubSpot's
 * URL, payload and answers: 200 accepted; 400 rejected for good; 429, 5xx, timeouts and network
 * errors are worth another try.
 */

export interface HubspotField {
  name: string;
  value: string;
}

export interface HubspotSubmission {
  formId: string;
  fields: HubspotField[];
  context: { pageUri: string; pageName: string };
}

export const HUBSPOT_TIMEOUT_MS = 10_000;

export function createHubspotClient(options: { apiUrl: string; portalId: string }) {
  return async function submit(
    submission: HubspotSubmission,
    signal?: AbortSignal,
  ): Promise<DeliveryResult> {
    const url = `${options.apiUrl}/submissions/v3/integration/submit/${encodeURIComponent(
      options.portalId,
    )}/${encodeURIComponent(submission.formId)}`;
    const timeout = AbortSignal.timeout(HUBSPOT_TIMEOUT_MS);
    let response: Response;
    try {
      response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ fields: submission.fields, context: submission.context }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      const name = (error as Error).name;
      return {
        outcome: "retry",
        error: name === "TimeoutError" ? "HubSpot timed out" : `HubSpot unreachable (${name})`,
      };
    }
    // Read the body so the connection is released; its text is kept (not logged) as the error.
    const body = (await response.text().catch(() => "")).slice(0, 500);
    if (response.ok) return { outcome: "delivered" };
    if (response.status === 400) {
      return { outcome: "rejected", error: `HubSpot 400: ${body}` };
    }
    return {
      outcome: "retry",
      error: `HubSpot ${response.status}`,
      retryAfterMs: retryAfterMs(response.headers.get("retry-after")),
    };
  };
}

export type HubspotSubmit = ReturnType<typeof createHubspotClient>;

/** The contact form's fields, exactly as the practice's HubSpot form expects them. */
export function contactFields(payload: Record<string, string>, createdAt: Date): HubspotField[] {
  return [
    { name: "firstname", value: payload.name ?? "" },
    { name: "email", value: payload.email ?? "" },
    { name: "phone", value: payload.phone ?? "" },
    { name: "need", value: payload.need ?? "" },
    { name: "message", value: payload.message ?? "" },
    { name: "created_at", value: createdAt.toISOString() },
  ];
}

export function newsletterFields(payload: Record<string, string>): HubspotField[] {
  return [{ name: "email", value: payload.email ?? "" }];
}
