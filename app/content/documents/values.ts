import { z } from "zod";
import { list, longText, pageTop, searchWords, text } from "../fields";
import { valuesWords } from "../page-words";
import { coreValues } from "../values";

/** /values: the practice's core values. */
export const valuesSchema = z.object({
  top: pageTop("/values", valuesWords.top),
  values: list(
    "Values",
    z.object({ name: text("Name", 60), description: longText("Description", 600) }),
    { itemLabel: "value", itemTitle: "name", max: 10 },
  ),
  search: searchWords("/values", valuesWords.search),
});

export const valuesDocument = {
  title: "Values",
  adminPath: "/admin/values",
  paths: ["/values"],
  schema: valuesSchema,
} as const;

/** Version 1 of a fresh database. */
export function shippedValues(): z.output<typeof valuesSchema> {
  return {
    top: { ...valuesWords.top },
    values: coreValues.map((v) => ({ ...v })),
    search: { ...valuesWords.search },
  };
}
