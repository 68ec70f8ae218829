import type { ReactNode } from "react";

/** The look of every editor control; a visible focus ring and a red border when invalid. */
export const controlClass =
  "mt-1.5 block w-full rounded-xl border border-slate-400 bg-white px-3 py-2.5 text-base text-ink shadow-sm focus:border-teal-700 focus:ring-2 focus:ring-teal-700/40 focus:outline-none aria-[invalid=true]:border-clay-700 aria-[invalid=true]:border-2";

export interface ShellProps {
  id: string;
  label: string;
  help?: string;
  helpId: string;
  errors?: string[];
  errorId: string;
  optional?: boolean;
  children: ReactNode;
}

/** What describes a control to a screen reader: its help line, then its error. */
export function describedBy(props: Pick<ShellProps, "help" | "helpId" | "errors" | "errorId">) {
  const ids = [props.help && props.helpId, props.errors?.length && props.errorId];
  return ids.filter(Boolean).join(" ") || undefined;
}

/** A label, a help line, the control, and the field's message under it. */
export function FieldShell({
  id,
  label,
  help,
  helpId,
  errors,
  errorId,
  optional,
  children,
}: ShellProps) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-teal-900">
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {help && (
        <p id={helpId} className="mt-0.5 text-sm text-muted">
          {help}
        </p>
      )}
      {children}
      {errors && errors.length > 0 && (
        <p id={errorId} className="mt-1.5 text-sm font-semibold text-clay-700">
          {errors.join(" ")}
        </p>
      )}
    </div>
  );
}

/** A field's starting value as an input takes it. */
export function stringValue(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
