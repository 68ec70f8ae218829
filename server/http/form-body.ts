import busboy from "busboy";
import type { Request, RequestHandler, Response } from "express";
import { type BodyBudget, BODY_BUDGET, createBodyBudget } from "./body-budget";

/**
 * What one posted form may cost before a page's action sees it (issue 29, H1). A form is read
 * here, as it streams in, and never by an unbounded `request.formData()`: one 8 MB post of two
 * million `a=1&` fields made the runtime build every field, and the 128 MB heap (bin/serve) died.
 */
export interface FormLimits {
  /** the whole body, counted as it arrives (Content-Length is checked first by the form guard) */
  bytes: number;
  /** text fields */
  fields: number;
  /** one text field's value, in bytes */
  fieldBytes: number;
  /** file fields, counting the empty ones every file input left alone posts (0: none is read) */
  fileFields: number;
  /** files that are not empty */
  files: number;
  /** one file, in bytes */
  fileBytes: number;
}

/**
 * The public forms (contact, booking, newsletter, checkout): MAX_FORM_BYTES in form-guard.ts says
 * why 80 KiB; the longest has fewer than 20 fields, and none takes a file.
 */
export const PUBLIC_FORM_LIMITS: FormLimits = {
  bytes: 80 * 1024,
  fields: 50,
  fieldBytes: 80 * 1024,
  fileFields: 0,
  files: 0,
  fileBytes: 0,
};

/**
 * The editor's posts that need no session (asking for a sign-in link, using it, signing out):
 * an e-mail address or a 43-character token, and React Router's few fields. Anyone can send
 * these, so they take a few KB and are checked before anything is parsed.
 */
export const OPEN_EDITOR_FORM_LIMITS: FormLimits = {
  bytes: 4 * 1024,
  fields: 10,
  fieldBytes: 1024,
  fileFields: 0,
  files: 0,
  fileBytes: 0,
};

/**
 * A signed-in editor's post: a whole document. Its longest text is 8,000 characters (32 KB at 4
 * bytes each); the largest document, every list at its maximum, has under 3,000 fields. A photo
 * is at most 10 MB (docs/editing.md), and one post carries at most MAX_PHOTOS_PER_POST of them
 * (app/lib/admin/uploads.ts).
 */
export const EDITOR_FORM_LIMITS: FormLimits = {
  bytes: 12 * 1024 * 1024,
  fields: 5_000,
  fieldBytes: 64 * 1024,
  fileFields: 500,
  files: 8,
  fileBytes: 10 * 1024 * 1024,
};

export class FormTooLarge extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The sender went away before the whole body came: nobody is left to answer. */
export class FormAborted extends Error {}

/**
 * Reads a form body (urlencoded or multipart) within `limits`; rejects with FormTooLarge when any
 * limit is passed, at the moment it is passed (nothing past it is kept), or with another error
 * when the body cannot be read.
 */
export function readFormBody(req: Request, limits: FormLimits): Promise<FormData> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        defParamCharset: "utf8",
        limits: {
          fieldNameSize: 200,
          fieldSize: limits.fieldBytes,
          fields: limits.fields,
          files: limits.fileFields,
          fileSize: limits.fileBytes,
          parts: limits.fields + limits.fileFields,
        },
      });
    } catch (error) {
      reject(error);
      return;
    }
    const form = new FormData();
    let settled = false;
    let received = 0;
    let files = 0;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.off("data", count);
      // What is still on its way is read and thrown away, so the answer can be sent.
      req.resume();
      reject(error);
    };
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.bytes) fail(new FormTooLarge("body"));
    };
    req.on("data", count);
    req.on("aborted", () => fail(new FormAborted("the request was aborted")));
    parser.on("field", (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return fail(new FormTooLarge("field"));
      form.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      stream.on("data", (chunk: Buffer) => {
        if (chunks.length === 0 && ++files > limits.files) return fail(new FormTooLarge("files"));
        chunks.push(new Uint8Array(chunk));
      });
      stream.on("limit", () => fail(new FormTooLarge("file")));
      stream.on("end", () => {
        if (settled || (stream as { truncated?: boolean }).truncated) return;
        // A file input left empty posts an empty, nameless file: nothing to keep.
        if (chunks.length === 0 && !info.filename) return;
        form.append(name, new File(chunks, info.filename ?? "", { type: info.mimeType }));
      });
    });
    parser.on("fieldsLimit", () => fail(new FormTooLarge("fields")));
    parser.on("filesLimit", () => fail(new FormTooLarge("files")));
    parser.on("partsLimit", () => fail(new FormTooLarge("fields")));
    parser.on("error", (error: Error) => fail(error));
    parser.on("close", () => {
      if (settled) return;
      settled = true;
      resolve(form);
    });
    req.pipe(parser);
  });
}

const TOO_LARGE: Record<string, string> = {
  body: "That form was too large to send.",
  field: "One of the form's fields was too long to send.",
  fields: "That form had too many fields to send.",
  files: "That form carried too many photos: send at most a few at a time.",
  file: "A photo was larger than 10 MB. Please choose a smaller one.",
};

const BUSY =
  "The website is busy receiving other forms. Nothing was saved: please send it again in a moment.";

/**
 * Reads every post that passed the form guard (which put the limits for its address in
 * res.locals.formLimits) and keeps the result in res.locals.form, which the page handler hands
 * to React Router as the request's body. Each body first takes its share of `budget` (its
 * Content-Length, which the form guard required), held until its answer has gone; the signed-in
 * address the editor guard found (res.locals.bodyOwner) has a share of its own.
 */
export function formBody(budget: BodyBudget = createBodyBudget(BODY_BUDGET)): RequestHandler {
  return (req, res, next) => {
    const limits = res.locals.formLimits as FormLimits | undefined;
    if (req.method !== "POST" || !limits) return next();
    const owner = res.locals.bodyOwner as string | undefined;
    const bytes = Math.min(Number(req.get("content-length")) || limits.bytes, limits.bytes);
    budget
      .reserve(owner, bytes, (give) => req.once("close", give))
      .then((release) => {
        if (!release) {
          if (req.destroyed) return;
          res.set("Retry-After", "5");
          return refuse(res, 503, BUSY);
        }
        res.once("close", release);
        read(req, res, next, limits);
      });
  };
}

function read(req: Request, res: Response, next: (error?: unknown) => void, limits: FormLimits) {
  readFormBody(req, limits).then(
    (form) => {
      res.locals.form = form;
      next();
    },
    (error: unknown) => {
      if (error instanceof FormTooLarge) {
        return refuseTooLarge(res, TOO_LARGE[error.reason] ?? TOO_LARGE.body!);
      }
      if (error instanceof FormAborted) return;
      // The body was not the form its type said.
      refuse(res, 400, "We could not read that form. Please try again.");
    },
  );
}

function refuseTooLarge(res: Response, message: string) {
  refuse(res, 413, message);
}

function refuse(res: Response, status: number, message: string) {
  afterBody(res.req, () =>
    refuseForm(res, status, message, { href: "/", text: "Back to the home page" }),
  );
}

/**
 * The most of a refused body read (and thrown away) before the answer, so that a proxy in front
 * (nginx: client_max_body_size 12m on /admin, 100k elsewhere) gets the answer and passes it on.
 * Answered while the sender was still sending, and the connection closed, nginx saw a reset and
 * gave the visitor its own 502 instead of the site's page. Past this, the answer goes at once and
 * the connection is closed: nothing that large comes through the documented proxy.
 */
export const DRAIN_LIMIT_BYTES = 13 * 1024 * 1024;

/**
 * Calls `answer` once the rest of the request's body has arrived, read and thrown away, if its
 * Content-Length is within DRAIN_LIMIT_BYTES; otherwise at once, with the connection marked to
 * close. A sender that goes away gets nothing.
 */
export function afterBody(req: Request, answer: () => void) {
  if (req.readableEnded || req.complete) return answer();
  const length = Number(req.get("content-length"));
  req.resume();
  if (!Number.isFinite(length) || length > DRAIN_LIMIT_BYTES) {
    req.res?.set("Connection", "close");
    return answer();
  }
  req.once("end", answer);
}

/**
 * The short page a refused form gets: browsers that posted a normal form see a page, scripts see
 * the same words. `back` is where the visitor goes on from it.
 */
export function refuseForm(
  res: Response,
  status: number,
  message: string,
  back: { href: string; text: string },
) {
  if (res.headersSent) return;
  res.status(status);
  res.set("Cache-Control", "no-store");
  res
    .type("html")
    .send(
      `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
        `<title>Form not sent</title><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5">` +
        `<h1>Your form was not sent</h1><p>${message}</p><p><a href="${back.href}">${back.text}</a></p></body></html>`,
    );
}
