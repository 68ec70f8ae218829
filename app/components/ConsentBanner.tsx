import { Suspense, lazy } from "react";
import { useRouteLoaderData } from "react-router";

// The banner itself (and the analytics code) is downloaded only where analytics is configured.
const Banner = lazy(() => import("./ConsentPanel").then((m) => ({ default: m.ConsentPanel })));

/** True when analytics is configured (the footer shows "Cookie settings" then). */
export function useAnalyticsConfigured(): boolean {
  return Boolean(useRouteLoaderData<{ gaMeasurementId?: string }>("root")?.gaMeasurementId);
}

/**
 * The analytics consent banner: Accept and Decline, equally easy; the choice is remembered and
 * can be changed from the footer. Rendered only in the browser and only when analytics exists.
 */
export function ConsentBanner() {
  const root = useRouteLoaderData<{ gaMeasurementId?: string }>("root");
  if (!root?.gaMeasurementId) return null;
  return (
    <Suspense fallback={null}>
      <Banner measurementId={root.gaMeasurementId} />
    </Suspense>
  );
}
