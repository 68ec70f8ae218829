import { type FieldNode, itemHeading } from "~/lib/admin/field-tree";
import { photoPreviewSrc } from "~/lib/admin/photo-preview";

/** An earlier version's values, read-only, laid out like the form. */
export function VersionView({ fields, value }: { fields: [string, FieldNode][]; value: unknown }) {
  return (
    <dl className="space-y-4">
      <FieldValues fields={fields} value={value} />
    </dl>
  );
}

function FieldValues({ fields, value }: { fields: [string, FieldNode][]; value: unknown }) {
  const record = (value ?? {}) as Record<string, unknown>;
  return (
    <>
      {fields.map(([key, node]) => (
        <FieldValue key={key} node={node} value={record[key]} />
      ))}
    </>
  );
}

function FieldValue({ node, value, label }: { node: FieldNode; value: unknown; label?: string }) {
  const title = label ?? node.label;
  switch (node.kind) {
    case "group":
    case "object":
      return (
        <div className="rounded-xl border border-slate-300 p-3">
          {title && <dt className="font-semibold text-teal-900">{title}</dt>}
          <dd>
            <dl className="mt-2 space-y-3">
              <FieldValues fields={node.fields} value={value} />
            </dl>
          </dd>
        </div>
      );
    case "list": {
      const items = Array.isArray(value) ? value : [];
      return (
        <div className="rounded-xl border border-slate-300 p-3">
          <dt className="font-semibold text-teal-900">{node.label}</dt>
          <dd>
            <dl className="mt-2 space-y-3">
              {items.map((item, i) => (
                <FieldValue
                  key={i}
                  node={node.item}
                  value={item}
                  label={itemHeading(node.itemLabel, i)}
                />
              ))}
            </dl>
          </dd>
        </div>
      );
    }
    case "photo": {
      const photo = (value ?? {}) as { key?: string; alt?: string };
      return (
        <div>
          <dt className="font-semibold text-teal-900">{title}</dt>
          <dd className="mt-1 flex items-center gap-3">
            {photo.key && (
              <img
                src={photoPreviewSrc(photo.key)}
                alt={photo.alt ?? ""}
                width={96}
                height={96}
                className="size-24 rounded-lg object-cover"
              />
            )}
            <span>Alt text: {photo.alt || "(none)"}</span>
          </dd>
        </div>
      );
    }
    default:
      return (
        <div>
          <dt className="font-semibold text-teal-900">{title}</dt>
          <dd className="mt-1 whitespace-pre-line">
            {value === undefined || value === "" ? (
              <span className="text-muted">(empty)</span>
            ) : node.kind === "naira" ? (
              `₦${Number(value).toLocaleString("en-NG")}`
            ) : (
              String(value)
            )}
          </dd>
        </div>
      );
  }
}
