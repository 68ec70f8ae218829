import {
  type DataRouter,
  type ServerBuild,
  type UNSAFE_AssetsManifest,
  type UNSAFE_RouteModules,
  UNSAFE_getPatchRoutesOnNavigationFunction as patchRoutesOnNavigation,
} from "react-router";

/**
 * The page learns which route `path` is, as React Router does for the links and forms on a page
 * (route discovery: one small /__manifest request), so that a form sent there later needs no
 * question of the site. React Router asks ahead of time for the forms on the page, but never
 * under Save-Data: it asks at the press instead, and offline that question fails to the error
 * page, words and all. Asked here when someone starts on a form that posts to another page's
 * route (the footer's sign-up), while the connection is most likely there. If it fails too, the
 * press asks again; a service worker, once installed, answers that question offline
 * (app/lib/service-worker/worker.ts, FORM_ROUTES).
 */
export async function discoverRoute(path: string): Promise<void> {
  const {
    __reactRouterDataRouter: router,
    __reactRouterContext: context,
    __reactRouterManifest: manifest,
    __reactRouterRouteModules: modules,
  } = window as unknown as RouterGlobals;
  if (!router || !context || !manifest || !modules) return;
  const discover = patchRoutesOnNavigation(
    () => router,
    manifest,
    modules,
    context.ssr,
    context.routeDiscovery,
    context.isSpaMode,
    context.basename,
  );
  try {
    // An answer from another build (a release since the page came) reloads the page, as the
    // press would; it comes at the first focus, before anything is typed.
    await discover?.({
      path,
      matches: [],
      patch: router.patchRoutes,
      signal: new AbortController().signal,
      fetcherKey: undefined,
    });
  } catch {
    // Offline, or no answer: asked again at the press.
  }
}

/** Where React Router's browser entry (HydratedRouter) keeps what it knows of the routes. */
interface RouterGlobals {
  __reactRouterDataRouter?: DataRouter;
  __reactRouterContext?: {
    ssr: boolean;
    routeDiscovery: ServerBuild["routeDiscovery"];
    isSpaMode: boolean;
    basename: string | undefined;
  };
  __reactRouterManifest?: UNSAFE_AssetsManifest;
  __reactRouterRouteModules?: UNSAFE_RouteModules;
}
