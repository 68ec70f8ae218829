import type { HeadersArgs } from "react-router";

/** A form page's `headers` export: keeps what its action set, such as Retry-After on a 429. */
export function formHeaders({ actionHeaders }: HeadersArgs): Headers {
  return actionHeaders;
}
