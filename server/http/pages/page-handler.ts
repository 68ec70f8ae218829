import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type { Request, RequestHandler, Response } from "express";
import { type AppLoadContext, type ServerBuild, createRequestHandler } from "react-router";
import { requestOrigin } from "../request-origin";

/**
 * React Router behind Express: what `@react-router/express` does, except that the Request handed
 * to React Router is built on the site's public origin when SITE_URL is https (request-origin.ts),
 * so that a form posted through a TLS proxy is not taken for a cross-site one.
 */
export function pageHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  /** SITE_URL's origin when it is https */
  publicOrigin: string | undefined;
  getLoadContext: (req: Request, res: Response) => AppLoadContext | Promise<AppLoadContext>;
}): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  return async (req, res, next) => {
    try {
      const request = fetchRequest(req, res, options.publicOrigin);
      const response = await handle(request, await options.getLoadContext(req, res));
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function fetchRequest(req: Request, res: Response, publicOrigin: string | undefined) {
  // A request line that is not a path ("*", or an absolute URL sent to a proxy) names no page.
  const url = requestOrigin(req, publicOrigin) + req.originalUrl;
  if (!req.originalUrl.startsWith("/") || !URL.canParse(url)) {
    throw Object.assign(new Error("request target is not a page"), { status: 400 });
  }
  const controller = new AbortController();
  // The visitor went away before the answer was complete: let loaders stop working for them.
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  // A posted form was already read within its limits (server/http/form-body.ts): that is the body the
  // action reads, with the type and length of its own encoding.
  const form = res.locals.form as FormData | undefined;
  if (form) {
    headers.delete("content-type");
    headers.delete("content-length");
    return new globalThis.Request(url, {
      method: req.method,
      headers,
      signal: controller.signal,
      body: form,
    });
  }
  return new globalThis.Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  });
}

async function sendResponse(res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // A no-store the server set (an editor's session, a preview: server/app.ts) is the one policy.
  const noStore = res.getHeader("Cache-Control") === "no-store";
  for (const [name, value] of response.headers) {
    if (noStore && name === "cache-control") continue;
    res.append(name, value);
  }
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed) return;
    throw error;
  }
}
