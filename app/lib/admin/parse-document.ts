import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { REQUIRED } from "~/content/fields";
import { describeDocument, listIndexProblem } from "./field-tree";

// zod otherwise probes `new Function` once, which the Content-Security-Policy refuses.
z.config({ jitless: true });

/**
 * Reads an editor form with its document's schema, the same on the server and in the browser.
 * Conform turns an empty input into "missing", which zod would call an invalid type: the editor
 * says "This field is required." instead.
 */
export function parseDocument<T extends z.ZodType>(formData: FormData, schema: T) {
  return parseWithZod(formData, {
    schema,
    error: (issue) =>
      issue.code === "invalid_type" && issue.input === undefined ? REQUIRED : undefined,
  });
}

/**
 * The first reason a form's names cannot be read into `schema`'s document (an index past its
 * list's maximum, or on something that is not a list), before anything is built from them.
 */
export function formNamesProblem(formData: FormData, schema: z.ZodType): string | undefined {
  const fields = describeDocument(schema);
  for (const name of new Set(formData.keys())) {
    // Only a name with an index can make anything long.
    if (!name.includes("[")) continue;
    const problem = listIndexProblem(fields, name);
    if (problem) return problem;
  }
  return undefined;
}
