import { useField } from "@conform-to/react";
import { type FieldNode, childName } from "~/lib/admin/field-tree";
import { FILE_SUFFIX } from "~/lib/admin/uploads";
import { photoPreviewSrc } from "~/lib/admin/photo-preview";
import { FieldShell, controlClass, describedBy, stringValue } from "./FieldShell";

type PhotoNode = Extract<FieldNode, { kind: "photo" }>;

/**
 * A picture: the current one, a file input to replace it (checked and re-encoded by the server
 * when the form is sent) and its alt text. The key of the current picture travels hidden.
 */
export function PhotoField({ name, node }: { name: string; node: PhotoNode }) {
  const [key] = useField<string>(childName(name, "key"));
  const [file] = useField<string>(`${name}${FILE_SUFFIX}`);
  const [alt] = useField<string>(childName(name, "alt"));
  const currentKey = stringValue(key.initialValue);
  const src = currentKey ? photoPreviewSrc(currentKey) : undefined;
  const fileErrors = [...(key.errors ?? []), ...(file.errors ?? [])];
  const fileShell = {
    id: file.id,
    label: node.label,
    help: [
      node.help,
      currentKey
        ? "JPEG, PNG or WebP, up to 10 MB. Leave it empty to keep the current picture."
        : "JPEG, PNG or WebP, up to 10 MB.",
    ]
      .filter(Boolean)
      .join(" "),
    helpId: file.descriptionId,
    errors: fileErrors,
    errorId: file.errorId,
  };
  const altShell = {
    id: alt.id,
    label: "Alt text",
    help: node.altHelp,
    helpId: alt.descriptionId,
    errors: alt.errors,
    errorId: alt.errorId,
    optional: node.altOptional,
  };
  return (
    <div className="space-y-3">
      <input type="hidden" key={key.key} name={key.name} defaultValue={currentKey} />
      <div className="flex flex-wrap items-start gap-4">
        {src ? (
          <img
            src={src}
            alt={`The current ${node.label.toLowerCase()}`}
            width={96}
            height={96}
            className="size-24 rounded-lg border border-slate-300 object-cover"
          />
        ) : (
          <p className="text-sm text-muted">No picture yet.</p>
        )}
        <div className="min-w-0 flex-1">
          <FieldShell {...fileShell}>
            <input
              id={file.id}
              name={file.name}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-invalid={fileErrors.length ? true : undefined}
              aria-describedby={describedBy(fileShell)}
              className={`${controlClass} file:mr-3 file:rounded-lg file:border-0 file:bg-teal-50 file:px-3 file:py-1.5 file:font-semibold file:text-teal-900`}
            />
          </FieldShell>
        </div>
      </div>
      <FieldShell {...altShell}>
        <input
          key={alt.key}
          id={alt.id}
          name={alt.name}
          type="text"
          defaultValue={stringValue(alt.initialValue)}
          aria-invalid={alt.errors?.length ? true : undefined}
          aria-describedby={describedBy(altShell)}
          className={controlClass}
        />
      </FieldShell>
    </div>
  );
}
