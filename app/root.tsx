import { type ReactNode, useEffect, useRef } from "react";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ConsentBanner } from "./components/ConsentBanner";
import { EarlyScript } from "./components/EarlyScripts";
import { InlineStylesheet } from "./components/InlineStylesheet";
import { NotFoundPage } from "./components/NotFoundPage";
import { ReadersOnly } from "./components/admin/ReadersOnly";
import { isReadersOnly } from "./lib/admin/readers-only";
import { hydratesAtOnce, isEditorPage } from "./lib/route-handle";
import { SiteFooter } from "./components/SiteFooter";
import { SiteHeader } from "./components/SiteHeader";
import { ToastOutlet } from "./components/ToastOutlet";
import { keepPageAfterUnreachable } from "./lib/forms/revalidate";
import { lagosYear } from "./lib/lagos-year";
import { shellDetails } from "./lib/site";

// The stylesheet is written into the page (InlineStylesheet; a kept page carries only its own part,
// docs/decisions/026) and the headings' font is never fetched for a first view: it draws the
// headings in app.css's metric-matched fallback, and the service worker's install brings the font
// for the next page (EarlyScript, docs/decisions/037).
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/icon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  // The manifest's link is added a second after the page has loaded and painted (EarlyScript).
];

// A post that never reached the server changed nothing: the page stays as typed.
export const shouldRevalidate = keepPageAfterUnreachable;

export function loader({ context }: Route.LoaderArgs) {
  return {
    siteUrl: context.siteUrl,
    version: context.version,
    gaMeasurementId: context.services.gaMeasurementId,
    enhanceScript: context.enhanceScript,
    site: shellDetails(context.content.site),
    // The server's year in Lagos, for the footer's "©": never the visitor's clock.
    year: lagosYear(Date.now()),
  };
}

/**
 * Marks the page as interactive once React has hydrated it: `<html data-hydrated="true">`. The
 * end-to-end tests wait for it (tests/support/hydration.ts) before they click.
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    // app/enhance/react-on-demand.ts waits for this before it hands a held form to React.
    document.documentElement.dataset.reactHydrated = "true";
    document.dispatchEvent(new Event("site:react-hydrated"));
  }, []);
  return null;
}

/**
 * Tells the site's small script (app/enhance/) about client-side navigations, which it cannot
 * see: it closes the menus and counts the page view.
 */
function NavigationSignal() {
  const { pathname, search } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.dispatchEvent(new Event("site:navigate"));
  }, [pathname, search]);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  // Words-only pages hydrate when the visitor starts using a form (server/http/pages/document-scripts.ts).
  const matches = useMatches();
  const react = hydratesAtOnce(matches) ? "page" : "on-demand";
  return (
    <html lang="en-NG" data-react={react}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4d4a" />
        <EarlyScript smallScript={root?.enhanceScript} />
        <Meta />
        <InlineStylesheet href={stylesheet} />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <SiteHeader />
        {/* A height of its own, whatever the footer: with `flex-1` a short page's main filled the
            space the footer left, so a page painted while its footer was still arriving moved the
            footer up when the rest came (CLS 0.11 on /checkout). 60% of the screen still shows
            the footer's top on a short page; the footer grows down to the screen's foot. */}
        <main id="main" tabIndex={-1} className="min-h-[60dvh] outline-none">
          {children}
        </main>
        <SiteFooter newsletter={!isEditorPage(matches)} />
        <ToastOutlet />
        <ConsentBanner />
        <HydrationMark />
        <NavigationSignal />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A page that answers 404 itself (the editor while editing is off) shows the site's 404 page.
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // An editor on a reader's page (app/lib/admin/access.server.ts): what it is, and the way back.
  if (isRouteErrorResponse(error) && isReadersOnly(error.status, error.data))
    return <ReadersOnly />;
  let detail = "Something went wrong on our side.";
  if (isRouteErrorResponse(error)) {
    detail =
      `${error.status} ${error.statusText || (typeof error.data === "string" ? error.data : "")}`.trim();
  } else if (error instanceof Error) {
    detail = error.message;
  }
  return (
    <section className="container-page py-20 text-center">
      <h1 className="text-3xl font-semibold sm:text-4xl">Unexpected Application Error!</h1>
      <p className="mt-4 text-lg text-muted">{detail}</p>
      <p className="mx-auto mt-4 max-w-xl leading-relaxed">
        We are sorry: this page could not be shown. If you were sending us a form, please check your
        connection and send it again in a moment, or reach us by phone or WhatsApp using the details
        below.
      </p>
      <Link to="/" className="btn-primary mt-8">
        Return to Home
      </Link>
    </section>
  );
}
