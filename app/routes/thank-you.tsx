import { Link } from "react-router";
import { pages } from "~/content/pages";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/thank-you";

export const meta = metaFor(pages.thankYou, true);

const MAX_REF_LENGTH = 100;

export function loader({ request }: Route.LoaderArgs) {
  const ref = new URL(request.url).searchParams.get("ref");
  // Shown as plain text only; anything longer than a real reference is ignored.
  return { ref: ref && ref.length <= MAX_REF_LENGTH ? ref : null };
}

export default function ThankYou({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page max-w-2xl py-20 text-center">
      <h1 className="text-4xl font-semibold">Thank You!</h1>
      <p className="mt-4 text-xl">Your payment was successful.</p>
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
