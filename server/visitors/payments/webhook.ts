import express, { type RequestHandler } from "express";
import { describeDatabaseError } from "../../db/errors";
import { chargeEvent, validPaystackSignature } from "../../integrations/paystack";
import type { Logger } from "../../operations/logger";
import type { Payments } from "./service";

export const WEBHOOK_PATH = "/webhooks/paystack";
export const MAX_WEBHOOK_BYTES = 64 * 1024;

/**
 * POST /webhooks/paystack. Mounted before the form guard: Paystack posts JSON from its own
 * servers, so there is no Origin to check; the HMAC signature of the raw body is the proof, and it
 * is checked before the body is parsed. A bad or missing signature changes nothing (401).
 */
export function paystackWebhook(options: {
  secretKey: string;
  payments: Pick<Payments, "recordCharge">;
  logger: Logger;
}): RequestHandler[] {
  const { logger } = options;
  const handle: RequestHandler = async (req, res) => {
    res.set("Cache-Control", "no-store");
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!validPaystackSignature(raw, req.get("x-paystack-signature"), options.secretKey)) {
      logger.warn("webhook refused: bad or missing signature");
      return res.status(401).json({ error: "invalid signature" });
    }
    let event;
    try {
      event = chargeEvent.parse(JSON.parse(raw.toString("utf8")));
    } catch {
      return res.status(400).json({ error: "unreadable event" });
    }
    const data = event.data;
    if (event.event !== "charge.success" || data?.status !== "success") {
      // Other events (transfers, refunds, …) are acknowledged and left to the dashboard.
      return res.status(200).json({ received: true });
    }
    if (!data.reference || !Number.isSafeInteger(data.amount) || !data.currency) {
      return res.status(400).json({ error: "incomplete charge" });
    }
    try {
      const outcome = await options.payments.recordCharge({
        reference: data.reference,
        amountKobo: data.amount!,
        currency: data.currency,
      });
      return res.status(200).json({ received: true, outcome });
    } catch (error) {
      // Not recorded: answering 500 makes Paystack send it again later.
      logger.error({ err: describeDatabaseError(error) }, "webhook could not be recorded");
      return res.status(500).json({ error: "try again" });
    }
  };
  return [express.raw({ type: () => true, limit: MAX_WEBHOOK_BYTES }), handle];
}
