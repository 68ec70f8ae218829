import { useField } from "@conform-to/react";
import { type FieldNode, itemHeading, itemStartsOpen, itemTitle } from "~/lib/admin/field-tree";
import type { ReactNode } from "react";
import { Fold } from "./Fold";

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
          const folds = node.item.kind === "object";
          const title = itemTitle(node, item.value);
          const fields = (
            <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-3">
              <legend className={folds ? "sr-only" : "px-1 font-semibold text-teal-900"}>
                {heading}
              </legend>
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
          );
          if (!folds) return <li key={item.key}>{fields}</li>;
          return (
            <FoldingItem
              key={item.key}
              heading={heading}
              title={title ?? (node.itemTitle ? `New ${node.itemLabel}` : "")}
              startsOpen={itemStartsOpen({
                count: items.length,
                hasErrors: Object.keys(item.allErrors).length > 0,
                title: itemTitle(node, item.initialValue),
                titled: node.itemTitle !== undefined,
              })}
              hasErrors={Object.keys(item.allErrors).length > 0}
            >
              {fields}
            </FoldingItem>
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

/** One item of a long list, folded to its title: "Question 2 What happens in the first session?". */
function FoldingItem({
  heading,
  title,
  startsOpen,
  hasErrors,
  children,
}: {
  heading: string;
  title: string;
  startsOpen: boolean;
  hasErrors: boolean;
  children: ReactNode;
}) {
  return (
    <li>
      <Fold
        summary={
          <>
            <span className="text-sm font-normal text-muted">{heading}</span>
            <span className="min-w-0 break-words">{title}</span>
          </>
        }
        startsOpen={startsOpen}
        hasErrors={hasErrors}
      >
        {children}
      </Fold>
    </li>
  );
}
