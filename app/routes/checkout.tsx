import { Link } from "react-router";
import { pages } from "~/content/pages";
import { metaFor } from "~/lib/seo";

export const meta = metaFor(pages.checkout, true);

export default function Checkout() {
  return (
    <section className="container-page max-w-2xl py-20 text-center">
      <h1 className="text-3xl font-semibold sm:text-4xl">Checkout Temporarily Unavailable</h1>
      <p className="mt-4 text-lg leading-relaxed text-muted">
        Online payment is not available just now. We would still love to welcome you: get in touch
        and we will help you enrol and pay by bank transfer.
      </p>
      <Link to="/contact" className="btn-primary mt-8">
        Contact us
      </Link>
    </section>
  );
}
