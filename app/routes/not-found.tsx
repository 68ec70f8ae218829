import { Link, data } from "react-router";
import { practice } from "~/content/site";
import type { Route } from "./+types/not-found";
import { keepPageAfterUnreachable } from "~/lib/forms/revalidate";

// A post that never reached the server changed nothing: the page stays as typed.
export const shouldRevalidate = keepPageAfterUnreachable;

export function loader({ request, context }: Route.LoaderArgs) {
  // The path only: a query string may carry personal data.
  context.log("warn", "page not found", { path: new URL(request.url).pathname });
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: `Page not found | ${practice.name}` }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  // data-not-found: app/enhance/main.ts logs the missing path to the console (SPEC.md).
  return (
    <section data-not-found="" className="container-page py-20 text-center">
      <p className="font-display text-7xl font-semibold text-clay-600">404</p>
      <h1 className="mt-4 text-3xl font-semibold sm:text-4xl">Oops! Page not found</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg leading-relaxed text-muted">
        The page you were looking for has moved or no longer exists. Everything we offer is still
        one step away.
      </p>
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
