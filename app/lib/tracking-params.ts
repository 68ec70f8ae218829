/**
 * Query parameters that links shared on social apps carry; they change nothing on a page. The
 * server's page cache serves the cached page for them, and the service worker keeps a page read
 * with them under its plain address.
 */
export const TRACKING_PARAM =
  /^(utm_[a-z]+|fbclid|gclid|igshid|igsh|ttclid|twclid|msclkid|mc_[a-z]+)$/i;

/** True when every parameter of `search` ("?a=1&b=2", or "") is a tracking parameter. */
export function onlyTrackingParams(search: string): boolean {
  for (const name of new URLSearchParams(search).keys())
    if (!TRACKING_PARAM.test(name)) return false;
  return true;
}
