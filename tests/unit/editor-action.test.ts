import type { AppLoadContext } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { shippedContent } from "~/content/documents";
import { editorAction } from "~/lib/admin/editor-action.server";
import type { EditorServices } from "~/lib/load-context";
import type { PublishResult } from "~/lib/services/content-editing";

const editor = { email: "editor@example.com" };

function servicesWith(overrides: Partial<EditorServices["content"]> = {}, uploadOk = true) {
  const content = {
    publish: vi.fn(async (): Promise<PublishResult> => ({ status: "ok", version: 2 })),
    saveDraft: vi.fn(async (): Promise<PublishResult> => ({ status: "ok", version: 1 })),
    discardDraft: vi.fn(async () => {}),
    restore: vi.fn(async (): Promise<PublishResult> => ({ status: "ok", version: 3 })),
    cancelScheduled: vi.fn(async () => {}),
    ...overrides,
  };
  const upload = vi.fn(async () =>
    uploadOk
      ? ({ ok: true, key: "upload-abc" } as const)
      : ({ ok: false, message: "Choose a JPEG, PNG or WebP picture." } as const),
  );
  const services = {
    auth: { requireEditor: async () => editor, currentEditor: async () => editor },
    content,
    photos: { upload },
  } as unknown as EditorServices;
  return { services, content, upload };
}

function bookForm(changes: Record<string, string | File> = {}) {
  const book = shippedContent().book;
  const form = new FormData();
  form.set("title", book.title);
  form.set("author", book.author);
  form.set("price", String(book.price));
  form.set("buyUrl", book.buyUrl);
  form.set("cover.key", book.cover.key);
  form.set("cover.alt", book.cover.alt);
  form.set("summary", book.summary);
  book.benefits.forEach((b, i) => form.set(`benefits[${i}]`, b));
  form.set("baseVersion", "1");
  form.set("requestKey", "key-1");
  form.set("_action", "publish");
  for (const [k, v] of Object.entries(changes)) form.set(k, v);
  return form;
}

async function post(services: EditorServices, form: FormData) {
  const request = new Request("http://localhost/admin/book", { method: "POST", body: form });
  const context = { editor: services } as unknown as AppLoadContext;
  try {
    return await editorAction(request, context, "book");
  } catch (thrown) {
    return thrown;
  }
}

const statusOf = (answer: unknown) =>
  answer instanceof Response
    ? answer.status
    : (answer as { init?: { status?: number } }).init?.status;
const dataOf = (answer: unknown) => (answer as { data: Record<string, unknown> }).data;

describe("the editor's action", () => {
  it("publishes a valid edit with its base version and key, then redirects with a notice", async () => {
    const { services, content } = servicesWith();
    const answer = await post(services, bookForm({ price: "9000" }));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).headers.get("Location")).toBe("/admin/book?published=2&from=1");
    expect(content.publish).toHaveBeenCalledWith(
      "book",
      expect.objectContaining({ price: 9000 }),
      expect.objectContaining({ baseVersion: 1, requestKey: "key-1", editor }),
    );
  });

  it("refuses a negative price at its field and publishes nothing", async () => {
    const { services, content } = servicesWith();
    const answer = await post(services, bookForm({ price: "-1" }));
    expect(statusOf(answer)).toBe(400);
    const result = dataOf(answer).result as { error: Record<string, string[]> };
    expect(result.error.price).toEqual(["A price cannot be negative."]);
    expect(content.publish).not.toHaveBeenCalled();
  });

  /** Version 5, published by another editor since the form's version 1: a new title. */
  const newer = {
    doc: "book" as const,
    version: 5,
    value: { ...shippedContent().book, title: "Marriage Can Work, again" },
    publishAt: "2026-11-25T13:02:00.000Z",
    createdAt: "2026-11-25T13:02:00.000Z",
    createdBy: "other@example.com",
    live: true,
  };
  const onTopOfLive = vi.fn(async (_doc: string, value: unknown) => ({
    live: newer,
    base: shippedContent().book,
    value: { ...(value as object), title: newer.value.title },
  }));

  it("refuses an edit built on an older version, naming who published since and what differs", async () => {
    const { services } = servicesWith({
      publish: vi.fn(async () => ({ status: "conflict" as const, current: newer })),
      onTopOfLive,
    });
    const answer = await post(services, bookForm({ price: "9000" }));
    expect(statusOf(answer)).toBe(409);
    expect(dataOf(answer).conflict).toEqual({
      version: 5,
      by: "other@example.com",
      at: "2026-11-25T13:02:00.000Z",
      from: 1,
      differences: [
        {
          label: "Price",
          yours: "₦9,000",
          theirs: `₦${shippedContent().book.price.toLocaleString("en-NG")}`,
          bothChanged: false,
        },
      ],
      moreDifferences: 0,
      alsoChanged: ["Title"],
    });
  });

  it("Continue from the newer version answers the form on top of it, saving nothing", async () => {
    const { services, content } = servicesWith({ onTopOfLive });
    const answer = await post(services, bookForm({ price: "9000", _action: "rebase" }));
    expect(content.publish).not.toHaveBeenCalled();
    expect(content.saveDraft).not.toHaveBeenCalled();
    const rebased = (answer as { rebased: Record<string, unknown> }).rebased;
    expect(rebased).toMatchObject({
      from: 1,
      version: 5,
      by: "other@example.com",
      value: { price: 9_000, title: "Marriage Can Work, again" },
      differences: [{ label: "Price", yours: "₦9,000" }],
    });
  });

  it("stores a chosen photo first and publishes its key", async () => {
    const { services, content, upload } = servicesWith();
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], "cover.jpg", {
      type: "image/jpeg",
    });
    await post(services, bookForm({ "cover.file": file }));
    expect(upload).toHaveBeenCalledOnce();
    expect(content.publish).toHaveBeenCalledWith(
      "book",
      expect.objectContaining({ cover: expect.objectContaining({ key: "upload-abc" }) }),
      expect.anything(),
    );
  });

  it("shows a refused photo's message at its field and publishes nothing", async () => {
    const { services, content } = servicesWith({}, false);
    const file = new File([new Uint8Array([1, 2, 3])], "x.gif");
    const answer = await post(services, bookForm({ "cover.file": file }));
    expect(statusOf(answer)).toBe(400);
    const result = dataOf(answer).result as { error: Record<string, string[]> };
    expect(result.error["cover.file"]).toEqual(["Choose a JPEG, PNG or WebP picture."]);
    expect(content.publish).not.toHaveBeenCalled();
  });

  it("never saves the browser's stand-in for a photo", async () => {
    const { services, content } = servicesWith();
    const answer = await post(services, bookForm({ "cover.key": "upload-pending" }));
    expect(statusOf(answer)).toBe(400);
    expect(content.publish).not.toHaveBeenCalled();
  });

  it("saves a draft for the preview and shows the preview", async () => {
    const { services, content } = servicesWith();
    const answer = await post(services, bookForm({ _action: "preview" }));
    expect((answer as Response).headers.get("Location")).toBe("/admin/book?view=preview");
    expect(content.saveDraft).toHaveBeenCalledWith("book", expect.anything(), 1, editor);
  });

  it("restores an earlier version from the live one", async () => {
    const { services, content } = servicesWith();
    const form = new FormData();
    form.set("_action", "restore");
    form.set("version", "1");
    form.set("baseVersion", "2");
    const answer = await post(services, form);
    expect((answer as Response).headers.get("Location")).toBe("/admin/book?restored=3&from=1");
    expect(content.restore).toHaveBeenCalledWith("book", 1, { baseVersion: 2, editor });
  });

  it("answers a list's Add button with the changed form, saving nothing", async () => {
    const { services, content } = servicesWith();
    const form = bookForm();
    form.delete("_action");
    form.set("__intent__", JSON.stringify({ type: "insert", payload: { name: "benefits" } }));
    const answer = (await post(services, form)) as {
      result: { initialValue: { benefits: unknown[] } };
    };
    expect(answer.result.initialValue.benefits).toHaveLength(
      shippedContent().book.benefits.length + 1,
    );
    expect(content.publish).not.toHaveBeenCalled();
    expect(content.saveDraft).not.toHaveBeenCalled();
  });
});

describe("the editor's action bounds lists before reading the form (issue 29, M1)", () => {
  it("refuses an index past a list's maximum with 400 and a message, saving nothing", async () => {
    const { services, content } = servicesWith();
    const started = performance.now();
    const answer = await post(services, bookForm({ "benefits[100000]": "x" }));
    expect(statusOf(answer)).toBe(400);
    expect(String(dataOf(answer).message)).toContain("holds at most");
    expect(content.publish).not.toHaveBeenCalled();
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("the editor's action bounds photo work (issue 29, M5)", () => {
  const jpeg = () =>
    new File([new Uint8Array([0xff, 0xd8, 0xff])], "p.jpg", { type: "image/jpeg" });

  it("never reads a file under a name the page does not have", async () => {
    const { services, upload, content } = servicesWith();
    await post(services, bookForm({ "nothing.file": jpeg(), "benefits[0].file": jpeg() }));
    expect(upload).not.toHaveBeenCalled();
    expect(content.publish).toHaveBeenCalledOnce();
  });

  it("checks the form before encoding a photo: a refused form encodes nothing", async () => {
    const { services, upload, content } = servicesWith();
    const answer = await post(services, bookForm({ price: "-1", "cover.file": jpeg() }));
    expect(statusOf(answer)).toBe(400);
    expect(upload).not.toHaveBeenCalled();
    expect(content.publish).not.toHaveBeenCalled();
    const result = dataOf(answer).result as { error: Record<string, string[]> };
    expect(result.error["cover.file"]?.[0]).toContain("choose the picture again");
  });

  it("answers 503 with Retry-After when photos are queued, keeping nothing", async () => {
    const { services, content, upload } = servicesWith();
    upload.mockResolvedValueOnce({
      ok: false,
      message: "Other photos are being prepared just now.",
      busy: { retryAfterSeconds: 60 },
    } as never);
    const answer = await post(services, bookForm({ "cover.file": jpeg() }));
    expect(statusOf(answer)).toBe(503);
    expect((answer as { init: ResponseInit }).init.headers).toEqual({ "Retry-After": "60" });
    expect(dataOf(answer).message).toContain("being prepared");
    expect(content.publish).not.toHaveBeenCalled();
  });

  it("encodes nothing once the editor has gone away", async () => {
    const { services, upload, content } = servicesWith();
    const left = new AbortController();
    left.abort();
    const request = new Request("http://localhost/admin/book", {
      method: "POST",
      body: bookForm({ "cover.file": jpeg() }),
      signal: left.signal,
    });
    await editorAction(request, { editor: services } as unknown as AppLoadContext, "book").catch(
      (e: unknown) => e,
    );
    expect(upload).not.toHaveBeenCalled();
    expect(content.publish).not.toHaveBeenCalled();
  });
});
