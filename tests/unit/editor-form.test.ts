import { describe, expect, it } from "vitest";
import { shippedContent } from "~/content/documents";
import { bookSchema } from "~/content/documents/book";
import { faqSchema } from "~/content/documents/faq";
import { servicesSchema } from "~/content/documents/services";
import { siteSchema } from "~/content/documents/site";
import { footerNewsletter } from "~/content/site";
import { noticeFromQuery, previewPath } from "~/lib/admin/editor-data";
import { describeDocument, describeName, nameParts, pathToName } from "~/lib/admin/field-tree";
import { formPayload } from "~/lib/admin/kept-draft";
import { parseDocument } from "~/lib/admin/parse-document";
import { PENDING_UPLOAD_KEY, markChosenFiles, takeFiles } from "~/lib/admin/uploads";
import { SHIPPED_BY, formatWat, publishedBy, watInputToIso } from "~/lib/admin/wat";
import { formOf } from "../support/editor-form-data";

describe("the editor reads a document's schema", () => {
  it("draws each field from its kind, with the schema's label", () => {
    const book = Object.fromEntries(describeDocument(bookSchema));
    expect(book.price).toMatchObject({ kind: "naira", label: "Price", optional: false });
    expect(book.buyUrl).toMatchObject({ kind: "url", label: "Selar link" });
    expect(book.cover).toMatchObject({ kind: "photo", label: "Image", altOptional: false });
    expect(book.summary).toMatchObject({ kind: "markdown", label: "Summary" });
    expect(book.benefits).toMatchObject({ kind: "list", itemLabel: "benefit", max: 10 });
  });

  it("marks an old price optional and reads lists of items and choices", () => {
    const { categories } = Object.fromEntries(describeDocument(servicesSchema));
    if (categories?.kind !== "list" || categories.item.kind !== "object") throw new Error("list");
    const fields = Object.fromEntries(categories.item.fields);
    expect(fields.icon).toMatchObject({
      kind: "choice",
      options: expect.arrayContaining(["heart"]),
    });
    const services = fields.services!;
    if (services.kind !== "list" || services.item.kind !== "object") throw new Error("list");
    const service = Object.fromEntries(services.item.fields);
    expect(service.oldPrice).toMatchObject({ kind: "naira", label: "Old price", optional: true });
    expect(service.price).toMatchObject({ kind: "naira", label: "Price", optional: true });
  });

  it("names a field in words for the error summary", () => {
    const fields = describeDocument(faqSchema);
    expect(describeName(fields, "items[1].answer")).toBe("Questions › Question 2 › Answer");
    expect(describeName(describeDocument(bookSchema), "cover.alt")).toBe("Image › Alt text");
  });

  it("turns the server's paths into form names and back", () => {
    expect(pathToName("items.0.answer")).toBe("items[0].answer");
    expect(pathToName("categories.1.services.2.oldPrice")).toBe(
      "categories[1].services[2].oldPrice",
    );
    expect(nameParts("categories[1].services[2].image.key")).toEqual([
      "categories",
      1,
      "services",
      2,
      "image",
      "key",
    ]);
  });

  it("reads the shipped contact details as a valid form", () => {
    const submission = parseDocument(formOf(shippedContent().site), siteSchema);
    expect(submission.status).toBe("success");
  });

  it("gives the footer's newsletter words as shipped to an older version, and to an emptied field", () => {
    const { newsletter, ...older } = shippedContent().site;
    expect(siteSchema.parse(older).newsletter).toEqual(footerNewsletter);
    const emptied = parseDocument(
      formOf({ ...older, newsletter: { heading: "", text: "Fresh words." } }),
      siteSchema,
    );
    expect(emptied.status).toBe("success");
    expect(emptied.status === "success" && emptied.value.newsletter).toEqual({
      heading: newsletter.heading,
      text: "Fresh words.",
    });
  });
});

describe("checking an edit", () => {
  const book = shippedContent().book;

  it("accepts the shipped book and turns prices into numbers", () => {
    const submission = parseDocument(formOf({ ...book, price: "9000" }), bookSchema);
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.price).toBe(9000);
  });

  it("refuses a negative price, an http link, an empty field and an over-long title", () => {
    const form = formOf({ ...book, price: "-5", buyUrl: "http://selar.co/x", author: "" });
    form.set("title", "x".repeat(121));
    const submission = parseDocument(form, bookSchema);
    expect(submission.status).toBe("error");
    const errors = submission.reply().error ?? {};
    expect(errors.price).toEqual(["A price cannot be negative."]);
    expect(errors.buyUrl?.[0]).toBe("Enter a full https:// address.");
    expect(errors.author).toEqual(["This field is required."]);
    expect(errors.title).toEqual(["At most 120 characters."]);
  });

  it("refuses an old price under the price at the old price", () => {
    const services = shippedContent().services;
    const form = formOf(services);
    const first = services.categories[0]!.services.findIndex((s) => s.price !== undefined);
    form.set(`categories[0].services[${first}].oldPrice`, "1");
    const errors = parseDocument(form, servicesSchema).reply().error ?? {};
    expect(errors[`categories[0].services[${first}].oldPrice`]).toEqual([
      "The old price must be more than the price.",
    ]);
  });

  it("leaves an empty old price out", () => {
    const services = shippedContent().services;
    const form = formOf(services);
    form.set("categories[0].services[0].oldPrice", "");
    const submission = parseDocument(form, servicesSchema);
    expect(submission.status).toBe("success");
    if (submission.status === "success")
      expect(submission.value.categories[0]!.services[0]!.oldPrice).toBeUndefined();
  });
});

describe("photos in the form", () => {
  it("takes chosen files out of the form and leaves empty inputs alone", () => {
    const form = new FormData();
    form.set("cover.key", "book-cover");
    form.set("cover.file", new File([new Uint8Array([1, 2, 3])], "me.jpg", { type: "image/jpeg" }));
    form.set("team.photo.file", new File([], ""));
    const chosen = takeFiles(form);
    expect(chosen.map((c) => c.photo)).toEqual(["cover"]);
    expect(form.has("cover.file")).toBe(false);
    expect(form.has("team.photo.file")).toBe(false);
  });

  it("lets the browser's check count a chosen file as the photo", () => {
    const form = new FormData();
    form.set("members[2].photo.key", "");
    form.set("members[2].photo.file", new File([new Uint8Array([1])], "a.png"));
    markChosenFiles(form);
    expect(form.get("members[2].photo.key")).toBe(PENDING_UPLOAD_KEY);
  });
});

describe("what the device keeps", () => {
  it("nests the form's words as Conform names them, without the editor's own fields", () => {
    const form = new FormData();
    form.set("items[0].question", "Q1");
    form.set("items[1].answer", "A2");
    form.set("baseVersion", "3");
    form.set("_action", "publish");
    form.set("cover.file", new File([], ""));
    expect(formPayload(form)).toEqual({ items: [{ question: "Q1" }, { answer: "A2" }] });
  });
});

describe("Lagos time", () => {
  it("shows a time in WAT whatever the machine's zone", () => {
    expect(formatWat("2026-11-25T13:02:00.000Z")).toBe("25 Nov 2026, 14:02 WAT");
  });

  it("reads a datetime-local value as WAT", () => {
    expect(watInputToIso("2026-12-01T09:00")).toBe("2026-12-01T08:00:00.000Z");
    expect(watInputToIso("")).toBeUndefined();
    expect(watInputToIso("tomorrow")).toBeUndefined();
  });
});

describe("notices and previews", () => {
  it("reads the notice a redirect carries", () => {
    expect(noticeFromQuery(new URLSearchParams("published=4&from=3"))).toEqual({
      kind: "published",
      version: 4,
    });
    expect(noticeFromQuery(new URLSearchParams("restored=5&from=2"))).toEqual({
      kind: "restored",
      version: 5,
      from: 2,
    });
    expect(noticeFromQuery(new URLSearchParams("published=abc"))).toBeUndefined();
  });

  it("previews a document on its own page", () => {
    expect(previewPath(["/book", "/api/books", "/checkout"])).toBe("/book");
    expect(previewPath(["*"])).toBe("/");
  });
});

describe("who published a version", () => {
  it("names the editor and the time in Lagos", () => {
    expect(
      publishedBy({ publishAt: "2026-11-25T13:02:00.000Z", createdBy: "ada@example.ng" }),
    ).toBe("published 25 Nov 2026, 14:02 WAT by ada@example.ng");
  });

  it("says the first version is the site as delivered, with no 1970 date", () => {
    const first = publishedBy({ publishAt: new Date(0).toISOString(), createdBy: SHIPPED_BY });
    expect(first).toBe("the content the site was delivered with");
    expect(first).not.toContain("1970");
  });
});
