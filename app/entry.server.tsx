import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "react-router";
import { ServerRouter, isRouteErrorResponse } from "react-router";
import { Nonce } from "./components/EarlyScripts";
import { AssetText } from "./components/InlineStylesheet";
import { hydratesAtOnce } from "./lib/route-handle";

export const streamTimeout = 5_000;

/**
 * Errors thrown by loaders and actions. React Router would print the whole error, and a failed
 * query's message carries its parameters (what a visitor typed); log only what went wrong.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  context.log("error", "loader or action failed", {
    path: new URL(request.url).pathname,
    err: context.describeError(error),
  });
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Crawlers, no-JS readers and the page cache get the whole document at once, and so does every
  // page that starts React only on demand: the server holds such a page until it is whole anyway,
  // to cut its stylesheet (server/http/pages/document-scripts.ts), so streaming it would only add React's
  // boundary runtime and templates (0.5 KB brotli, past a slow line's first flight: decision 037).
  // The editor's pages, which start React at load, get the shell early.
  const waitForAll =
    loadContext.prerender === true ||
    isbot(request.headers.get("user-agent") ?? "") ||
    routerContext.isSpaMode ||
    !hydratesAtOnce(
      routerContext.staticHandlerContext.matches.map((m) => ({
        handle: routerContext.routeModules[m.route.id]?.handle,
      })),
    );
  const nonce = loadContext.nonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <AssetText.Provider value={loadContext.assetText}>
        <Nonce.Provider value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </Nonce.Provider>
      </AssetText.Provider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          // Module preloads out of <head>, React held back on words-only pages (017).
          const body = loadContext.scriptRewriter();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors after the shell streamed are already in the error boundary; log the rest.
          if (shellRendered) loadContext.log("error", "render error", { err: String(error) });
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
