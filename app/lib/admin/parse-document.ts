import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { REQUIRED } from "~/content/fields";

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
