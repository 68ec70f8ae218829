import frauncesUrl from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import { type ReactNode, useEffect } from "react";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ConsentBanner } from "./components/ConsentBanner";
import { SiteFooter } from "./components/SiteFooter";
import { SiteHeader } from "./components/SiteHeader";
import { ToastOutlet } from "./components/ToastOutlet";

// The headings' font is preloaded: without it, Lighthouse measured layout shifts of 0.03–0.04
// on /about and /marraige-with-a-map when it swapped in late, over the 0.02 budget.
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: frauncesUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/icon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function loader({ context }: Route.LoaderArgs) {
  return {
    siteUrl: context.siteUrl,
    version: context.version,
    gaMeasurementId: context.services.gaMeasurementId,
  };
}

/**
 * Marks the page as interactive once React has hydrated it: `<html data-hydrated="true">`. The
 * end-to-end tests wait for it (tests/support/hydration.ts) before they click.
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4d4a" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        <SiteFooter />
        <ToastOutlet />
        <ConsentBanner />
        <HydrationMark />
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
