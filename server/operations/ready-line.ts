/**
 * The one plain line a person starting the site reads: where it answers on this machine, and,
 * when that is not the address visitors use (SITE_URL, behind a proxy), that address too, so that
 * a production log does not say only "localhost".
 */
export function readyLine(port: number, host: string, siteUrl: string): string {
  const wildcard = ["0.0.0.0", "::", ""].includes(host);
  const name = wildcard ? "localhost" : host.includes(":") ? `[${host}]` : host;
  const local = `http://${name}:${port}`;
  const origin = new URL(siteUrl).origin;
  const same = [local, local.replace("//localhost:", "//127.0.0.1:")].includes(origin);
  return same
    ? `Site ready on ${local}`
    : `Site ready on ${local}; visitors reach it at ${siteUrl}`;
}
