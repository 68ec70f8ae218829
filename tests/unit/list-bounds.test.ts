import { describe, expect, it } from "vitest";
import { documents } from "~/content/documents";
import { describeDocument, listIndexProblem } from "~/lib/admin/field-tree";
import { formNamesProblem } from "~/lib/admin/parse-document";

const faq = describeDocument(documents.faq.schema);

describe("a list index is bounded by its schema before any list is built (issue 29, M1)", () => {
  it("takes every index below the list's maximum", () => {
    expect(listIndexProblem(faq, "items[0].question")).toBeUndefined();
    expect(listIndexProblem(faq, "items[39].answer")).toBeUndefined();
  });

  it("refuses an index at or past the maximum, in words", () => {
    expect(listIndexProblem(faq, "items[100000].question")).toMatch(
      /^The list “Questions” holds at most \d+ entries: that form had more\.$/,
    );
    expect(listIndexProblem(faq, "items[10000].question")).toBeDefined();
  });

  it("refuses an index on a name the document does not have, or on something not a list", () => {
    expect(listIndexProblem(faq, "nothing[100000]")).toBeDefined();
    expect(listIndexProblem(faq, "items[0].question[5]")).toBeDefined();
    expect(listIndexProblem(faq, "items[0].nothing[5].x")).toBeDefined();
  });

  it("lets the editor's own names beside the schema's through", () => {
    const team = describeDocument(documents.team.schema);
    expect(listIndexProblem(team, "members[1].photo.key")).toBeUndefined();
    expect(listIndexProblem(team, "members[1].photo.file")).toBeUndefined();
  });

  it("checks a whole form quickly, without building what it names", () => {
    const form = new FormData();
    form.set("items[0].question", "Where are you?");
    expect(formNamesProblem(form, documents.faq.schema)).toBeUndefined();
    form.set("items[100000].question", "x");
    const started = performance.now();
    expect(formNamesProblem(form, documents.faq.schema)).toBeDefined();
    expect(performance.now() - started).toBeLessThan(200);
  });
});
