import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/**
 * Paystack (https://paystack.com/docs/api/transaction/). The only module that knows Paystack's
 * URLs, payloads, answers and webhook signature. Amounts are whole kobo.
 */

export const PAYSTACK_TIMEOUT_MS = 10_000;

/** Where visitors pay: Paystack's hosted checkout, or the fake's own pages in tests. */
export function paystackCheckoutOrigin(apiUrl: string): string {
  const url = new URL(apiUrl);
  return url.hostname === "api.paystack.co" ? "https://checkout.paystack.com" : url.origin;
}

/**
 * Checks `x-paystack-signature`: the HMAC-SHA512 (hex) of the raw body with the secret key.
 * Compared in constant time; anything that is not 128 hex digits is refused before comparing.
 */
export function validPaystackSignature(
  rawBody: Buffer,
  signature: string | undefined,
  secretKey: string,
): boolean {
  if (typeof signature !== "string" || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  const expected = createHmac("sha512", secretKey).update(rawBody).digest();
  const given = Buffer.from(signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The signature Paystack sends with a webhook body (used by the fake and the tests). */
export function paystackSignature(rawBody: string | Buffer, secretKey: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

export interface InitializeInput {
  email: string;
  amountKobo: number;
  reference: string;
  callbackUrl: string;
  metadata: Record<string, string>;
}

export type InitializeResult =
  { ok: true; authorizationUrl: string } | { ok: false; error: string };

/** A transaction as verify reports it. `status` is Paystack's word (success, abandoned, …). */
export type VerifyResult =
  | { ok: true; status: string; amountKobo: number; currency: string; reference: string }
  | { ok: false; notFound: boolean; error: string };

const initializeAnswer = z.object({
  status: z.literal(true),
  data: z.object({ authorization_url: z.string().url() }),
});

const verifyAnswer = z.object({
  status: z.literal(true),
  data: z.object({
    status: z.string(),
    reference: z.string(),
    amount: z.number().int(),
    currency: z.string(),
  }),
});

export function createPaystackClient(options: {
  apiUrl: string;
  secretKey: string;
  timeoutMs?: number;
}) {
  const checkoutOrigin = paystackCheckoutOrigin(options.apiUrl);

  async function call(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    /** aborts the request early, e.g. when the process is shutting down */
    signal?: AbortSignal,
  ): Promise<{ status: number; json: unknown } | { error: string }> {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? PAYSTACK_TIMEOUT_MS);
    try {
      const response = await fetch(`${options.apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          Accept: "application/json",
          ...(body ? { "Content-Type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const text = await response.text();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // an HTML error page from a proxy: the status says enough
      }
      return { status: response.status, json };
    } catch (error) {
      if (signal?.aborted) return { error: "Paystack request aborted" };
      const name = (error as Error).name;
      return {
        error: name === "TimeoutError" ? "Paystack timed out" : `Paystack unreachable (${name})`,
      };
    }
  }

  return {
    /** POST /transaction/initialize: where to send the visitor to pay. */
    async initialize(input: InitializeInput): Promise<InitializeResult> {
      const answer = await call("POST", "/transaction/initialize", {
        email: input.email,
        amount: input.amountKobo,
        currency: "NGN",
        reference: input.reference,
        callback_url: input.callbackUrl,
        metadata: input.metadata,
      });
      if ("error" in answer) return { ok: false, error: answer.error };
      const parsed = initializeAnswer.safeParse(answer.json);
      if (answer.status !== 200 || !parsed.success) {
        return { ok: false, error: `Paystack initialize answered ${answer.status}` };
      }
      const url = parsed.data.data.authorization_url;
      // Only ever send a visitor to Paystack's own checkout.
      if (new URL(url).origin !== checkoutOrigin) {
        return { ok: false, error: "Paystack returned an unexpected checkout address" };
      }
      return { ok: true, authorizationUrl: url };
    },

    /** GET /transaction/verify/:reference: what Paystack knows about a payment. */
    async verify(reference: string, signal?: AbortSignal): Promise<VerifyResult> {
      const answer = await call(
        "GET",
        `/transaction/verify/${encodeURIComponent(reference)}`,
        undefined,
        signal,
      );
      if ("error" in answer) return { ok: false, notFound: false, error: answer.error };
      const parsed = verifyAnswer.safeParse(answer.json);
      if (answer.status === 200 && parsed.success) {
        const d = parsed.data.data;
        return {
          ok: true,
          status: d.status,
          amountKobo: d.amount,
          currency: d.currency,
          reference: d.reference,
        };
      }
      return {
        ok: false,
        notFound: answer.status === 400 || answer.status === 404,
        error: `Paystack verify answered ${answer.status}`,
      };
    },
  };
}

export type PaystackClient = ReturnType<typeof createPaystackClient>;

/** The part of a webhook event the site acts on. */
export const chargeEvent = z.object({
  event: z.string(),
  data: z
    .object({
      reference: z.string().optional(),
      amount: z.number().optional(),
      currency: z.string().optional(),
      status: z.string().optional(),
    })
    .optional(),
});
