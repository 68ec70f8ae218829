// negotiator ships no types; only the part the site uses (server/http/accept-encoding.ts).
declare module "negotiator" {
  import type { IncomingMessage } from "node:http";
  export default class Negotiator {
    constructor(request: Pick<IncomingMessage, "headers">);
    encoding(available?: string[], preferred?: string[]): string | undefined;
  }
}
