import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";

const control =
  "mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 text-base text-ink shadow-sm placeholder:text-muted/70 focus:border-teal-700 focus:ring-2 focus:ring-teal-700/30 focus:outline-none aria-[invalid=true]:border-clay-700";

interface FieldShell {
  /** the form field's name; also its id unless `id` is given */
  name: string;
  id?: string;
  /** "dark" for fields on the dark footer */
  tone?: "light" | "dark";
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
}

function Shell({
  name,
  id = name,
  tone,
  label,
  error,
  hint,
  optional,
  children,
}: FieldShell & { children: ReactNode }) {
  const dark = tone === "dark";
  return (
    <div>
      <label
        htmlFor={id}
        className={`block font-semibold ${dark ? "text-white" : "text-teal-900"}`}
      >
        {label}
        {optional && (
          <span className={`ml-1 font-normal ${dark ? "text-teal-100" : "text-muted"}`}>
            (optional)
          </span>
        )}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={`mt-1 text-sm ${dark ? "text-teal-100" : "text-muted"}`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p
          id={`${id}-error`}
          className={`mt-1.5 text-sm font-semibold ${dark ? "text-clay-100" : "text-clay-700"}`}
        >
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy({ name, id = name, error, hint }: FieldShell) {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
}

export function TextField(
  props: FieldShell & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> },
) {
  const { name, id = name, tone, label, error, hint, optional, className, ...input } = props;
  return (
    <Shell {...{ name, id, tone, label, error, hint, optional }}>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        className={`${control} ${className ?? ""}`}
        {...input}
      />
    </Shell>
  );
}

export function TextArea(props: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { name, id = name, tone, label, error, hint, optional, className, ...input } = props;
  return (
    <Shell {...{ name, id, tone, label, error, hint, optional }}>
      <textarea
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        className={`${control} min-h-36 ${className ?? ""}`}
        {...input}
      />
    </Shell>
  );
}

export function SelectField(
  props: FieldShell &
    SelectHTMLAttributes<HTMLSelectElement> & {
      options: readonly { value: string; label: string }[];
    },
) {
  const {
    name,
    id = name,
    tone,
    label,
    error,
    hint,
    optional,
    className,
    options,
    ...select
  } = props;
  return (
    <Shell {...{ name, id, tone, label, error, hint, optional }}>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(props)}
        className={`${control} ${className ?? ""}`}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}
