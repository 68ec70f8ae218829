import { useField } from "@conform-to/react";
import { useEffect, useState } from "react";
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
  // The chosen file, shown at once from the browser's own copy (issue 29, item 16); its object
  // URL is let go when another is chosen or the field goes away.
  const [chosen, setChosen] = useState<{ url: string; name: string } | undefined>();
  useEffect(() => () => chosen && URL.revokeObjectURL(chosen.url), [chosen]);
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
        {chosen ? (
          <img
            src={chosen.url}
            alt={`The chosen ${node.label.toLowerCase()}, not sent yet`}
            width={96}
            height={96}
            className="size-24 rounded-lg border border-slate-300 object-cover"
          />
        ) : src ? (
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
              onChange={(event) => {
                const picked = event.currentTarget.files?.[0];
                setChosen(
                  picked && picked.size > 0
                    ? { url: URL.createObjectURL(picked), name: picked.name }
                    : undefined,
                );
              }}
              className={`${controlClass} file:mr-3 file:rounded-lg file:border-0 file:bg-teal-50 file:px-3 file:py-1.5 file:font-semibold file:text-teal-900`}
            />
          </FieldShell>
          <p role="status" className="mt-1 text-sm text-muted">
            {chosen
              ? `New picture chosen: ${chosen.name}. It is sent when you publish or save a draft.`
              : ""}
          </p>
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
