import { Link, data } from "react-router";
import { PaymentOutcome } from "~/components/PaymentOutcome";
import { messages } from "~/content/messages";
import { pages } from "~/content/pages";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/thank-you";
import { keepPageAfterUnreachable } from "~/lib/forms/revalidate";

export const meta = metaFor(pages.thankYou, true);

export function headers(): HeadersInit {
  // An answer about one payment: never cached, never indexed.
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
}

const MAX_REF_LENGTH = 100;

// A post that never reached the server changed nothing: the page stays as typed.
export const shouldRevalidate = keepPageAfterUnreachable;

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const payments = context.services.payments;
  if (!payments) {
    // Payments not configured: the spec's page. Shown as plain text only; anything longer than
    // a real reference is ignored.
    const ref = query.get("ref");
    return { mode: "spec" as const, ref: ref && ref.length <= MAX_REF_LENGTH ? ref : null };
  }
  // Paystack's callback adds its own `reference` and `trxref` to ours.
  const ref = query.get("ref") || query.get("reference") || query.get("trxref");
  if (!ref) return { mode: "payment" as const, check: null };
  const check = await payments.check(ref.slice(0, MAX_REF_LENGTH), context.clientIp);
  if (check.status === "rate-limited") {
    return data(
      { mode: "payment" as const, check },
      { status: 429, headers: { "Retry-After": String(check.retryAfterSeconds) } },
    );
  }
  return data(
    { mode: "payment" as const, check },
    { status: check.status === "unknown" ? 404 : 200 },
  );
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  if (loaderData.mode === "payment") return <PaymentOutcome check={loaderData.check} />;
  return (
    <section className="container-page max-w-2xl py-20 text-center">
      <h1 className="text-4xl font-semibold">{messages.payment.thanks}</h1>
      <p className="mt-4 text-xl">{messages.payment.successful}</p>
      {loaderData.ref && (
        <p className="mt-4 text-muted">
          Reference: <span className="font-mono font-semibold text-ink">{loaderData.ref}</span>
        </p>
      )}
      <p className="mx-auto mt-6 max-w-lg leading-relaxed text-muted">
        We will be in touch within one working day to arrange your first session. Keep your
        reference for your records.
      </p>
      <Link to="/" className="btn-primary mt-8">
        Return to Home
      </Link>
    </section>
  );
}
