import { Link } from "react-router";
import { notFoundText } from "~/content/not-found";

/**
 * The site's 404 page: an unknown address, or the editor while editing is off. Its heading and
 * Return to Home are SPEC.md's; `text` under them is the practice's ("Page not found" in the
 * Contact details), as the not-found route's loader hands it over.
 */
export function NotFoundPage({ text = notFoundText }: { text?: string }) {
  // data-not-found: app/enhance/main.ts logs the missing path to the console (SPEC.md).
  return (
    <section data-not-found="" className="container-page py-20 text-center">
      <p className="font-display text-7xl font-semibold text-clay-600">404</p>
      <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">Oops! Page not found</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-muted">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Return to Home
        </Link>
        <Link to="/contact" className="btn-outline">
          Contact us
        </Link>
      </div>
    </section>
  );
}
