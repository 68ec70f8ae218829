import { PUBLISH_AT_FIELD } from "~/lib/admin/editor-data";
import { type FieldNode, describeName } from "~/lib/admin/field-tree";

/**
 * Every refused field at the top of the form, each a link to its field. Conform's ids are the
 * form's id and the field's name. "Publish at" is the form's own field, not the page's.
 */
export function ErrorSummary({
  fields,
  errors,
}: {
  fields: [string, FieldNode][];
  errors: Record<string, string[]>;
}) {
  const entries = Object.entries(errors).filter(([, messages]) => messages.length > 0);
  const count = entries.length;
  return (
    <div role="alert" className="rounded-2xl border-2 border-clay-700 bg-clay-100 p-4 text-ink">
      <p className="font-semibold text-clay-700">
        Nothing was saved or published: please check {count === 1 ? "one field" : `${count} fields`}
        .
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {entries.map(([name, messages]) => (
          <li key={name}>
            <span className="font-semibold">
              {name === PUBLISH_AT_FIELD ? "Publish at" : describeName(fields, name) || "The page"}
            </span>
            : {messages.join(" ")}
          </li>
        ))}
      </ul>
    </div>
  );
}
