import { useField } from "@conform-to/react";
import { type FieldNode, itemHeading } from "~/lib/admin/field-tree";
import type { ReactNode } from "react";

type ListNode = Extract<FieldNode, { kind: "list" }>;

const smallButton =
  "rounded-lg border border-teal-800 bg-white px-3 py-1.5 text-sm font-semibold text-teal-900 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:ring-offset-2 focus-visible:outline-none";

/**
 * A list the practice can add to, remove from and reorder. The buttons are Conform's intents:
 * submit buttons, so they work without JavaScript too (the server answers the changed form).
 */
export function ListField({
  name,
  node,
  renderItem,
}: {
  name: string;
  node: ListNode;
  /** draws one item (FieldInput, passed in so the two files do not import each other) */
  renderItem: (name: string, node: FieldNode) => ReactNode;
}) {
  const [meta, form] = useField<unknown[]>(name);
  const items = meta.getFieldList();
  const full = node.max !== undefined && items.length >= node.max;
  return (
    <fieldset
      className="space-y-4 rounded-2xl border border-slate-300 p-4"
      aria-describedby={
        [node.help ? meta.descriptionId : "", meta.errors?.length ? meta.errorId : ""]
          .filter(Boolean)
          .join(" ") || undefined
      }
    >
      <legend className="px-1 text-lg font-semibold text-teal-900">{node.label}</legend>
      {node.help && (
        <p id={meta.descriptionId} className="text-sm text-muted">
          {node.help}
        </p>
      )}
      {meta.errors && meta.errors.length > 0 && (
        <p id={meta.errorId} className="text-sm font-semibold text-clay-700">
          {meta.errors.join(" ")}
        </p>
      )}
      <ol className="space-y-4">
        {items.map((item, index) => {
          const heading = itemHeading(node.itemLabel, index);
          return (
            <li key={item.key}>
              <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-3">
                <legend className="px-1 font-semibold text-teal-900">{heading}</legend>
                {renderItem(item.name, node.item)}
                <div className="flex flex-wrap gap-2">
                  {index > 0 && (
                    <button
                      className={smallButton}
                      {...form.reorder.getButtonProps({ name, from: index, to: index - 1 })}
                    >
                      Move up
                    </button>
                  )}
                  {index < items.length - 1 && (
                    <button
                      className={smallButton}
                      {...form.reorder.getButtonProps({ name, from: index, to: index + 1 })}
                    >
                      Move down
                    </button>
                  )}
                  <button
                    className={`${smallButton} border-clay-700 text-clay-700`}
                    {...form.remove.getButtonProps({ name, index })}
                  >
                    Remove
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {!full && (
        <button className={smallButton} {...form.insert.getButtonProps({ name })}>
          Add {node.itemLabel}
        </button>
      )}
    </fieldset>
  );
}
