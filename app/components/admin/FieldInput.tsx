import { useField } from "@conform-to/react";
import { Suspense, lazy } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { weekdayNames } from "~/content/fields";
import { type FieldNode, childName } from "~/lib/admin/field-tree";
import { FieldShell, controlClass, describedBy, stringValue } from "./FieldShell";
import { Fold } from "./Fold";
import { ListField } from "./ListField";
import { PhotoField } from "./PhotoField";

/** One field of a document, drawn from its kind (app/content/fields.ts). */
export function FieldInput({ name, node }: { name: string; node: FieldNode }) {
  switch (node.kind) {
    case "group":
      if (node.folded) return <FoldedGroup name={name} node={node} />;
      return (
        <fieldset className="space-y-4 rounded-2xl border border-slate-300 p-4">
          <legend className="px-1 text-lg font-semibold text-teal-900">{node.label}</legend>
          <Fields name={name} fields={node.fields} />
        </fieldset>
      );
    case "object":
      return <Fields name={name} fields={node.fields} />;
    case "list":
      return <ListField name={name} node={node} renderItem={renderField} />;
    case "photo":
      return <PhotoField name={name} node={node} />;
    default:
      return <ScalarField name={name} node={node} />;
  }
}

/** The fields of a group, a list item or the whole document, in the schema's order. */
export function Fields({ name, fields }: { name: string; fields: [string, FieldNode][] }) {
  return (
    <>
      {fields.map(([key, node]) => (
        <FieldInput key={key} name={childName(name, key)} node={node} />
      ))}
    </>
  );
}

/**
 * A page's words (issue 29 item 19), folded to where they show ("Top of /faq") so that the page's
 * own content stays in reach on a phone. Open, its fields are a fieldset of that name, with the
 * line that says where on the site they are.
 */
function FoldedGroup({
  name,
  node,
}: {
  name: string;
  node: Extract<FieldNode, { kind: "group" }>;
}) {
  const [meta] = useField(name);
  const hasErrors = Object.keys(meta.allErrors).length > 0;
  return (
    <Fold summary={node.label} startsOpen={hasErrors} hasErrors={hasErrors}>
      <fieldset
        className="space-y-4 p-3"
        aria-describedby={node.help ? meta.descriptionId : undefined}
      >
        <legend className="sr-only">{node.label}</legend>
        {node.help && (
          <p id={meta.descriptionId} className="text-sm text-muted">
            {node.help}
          </p>
        )}
        <Fields name={name} fields={node.fields} />
      </fieldset>
    </Fold>
  );
}

type Scalar = Exclude<FieldNode, { kind: "group" | "object" | "list" | "photo" }>;

function ScalarField({ name, node }: { name: string; node: Scalar }) {
  const [meta] = useField<string>(name);
  const errors = meta.errors;
  const shell = {
    id: meta.id,
    label: node.label,
    help: node.help,
    helpId: meta.descriptionId,
    errors,
    errorId: meta.errorId,
    optional: node.optional,
  };
  const common = {
    id: meta.id,
    name: meta.name,
    defaultValue: stringValue(meta.initialValue),
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": describedBy(shell),
  };
  let control;
  switch (node.kind) {
    case "longText":
    case "markdown":
      control = (
        <>
          <textarea
            key={meta.key}
            {...common}
            rows={node.kind === "markdown" ? 7 : 3}
            className={controlClass}
          />
          {node.kind === "markdown" && <LazyMarkdownTools textareaId={meta.id} />}
        </>
      );
      break;
    case "naira":
      control = (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 pt-1.5 text-ink"
          >
            ₦
          </span>
          <input
            key={meta.key}
            {...common}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className={`${controlClass} pl-8`}
          />
        </div>
      );
      break;
    case "count":
      control = (
        <input key={meta.key} {...common} type="number" step={1} className={controlClass} />
      );
      break;
    case "url":
      control = <input key={meta.key} {...common} type="url" className={controlClass} />;
      break;
    case "webinarDate":
      control = <input key={meta.key} {...common} type="datetime-local" className={controlClass} />;
      break;
    case "weekday":
      control = (
        <select key={meta.key} {...common} className={controlClass}>
          {weekdayNames.map((day, i) => (
            <option key={day} value={String(i + 1)}>
              {day}
            </option>
          ))}
        </select>
      );
      break;
    case "clock":
      control = (
        <input key={meta.key} {...common} type="text" autoComplete="off" className={controlClass} />
      );
      break;
    case "choice":
      control = (
        <select key={meta.key} {...common} className={controlClass}>
          {node.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
      break;
    default:
      control = <input key={meta.key} {...common} type="text" className={controlClass} />;
  }
  return <FieldShell {...shell}>{control}</FieldShell>;
}

const MarkdownTools = lazy(() => import("./MarkdownTools"));

/** The formatting buttons and preview, fetched once the editor is interactive (they need it). */
function LazyMarkdownTools(props: { textareaId: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <MarkdownTools {...props} />
    </Suspense>
  );
}

const renderField = (name: string, node: FieldNode) => <FieldInput name={name} node={node} />;
