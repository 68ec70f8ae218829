/** What a settings form led to, shown beside it and read out (STYLE.md rule 15). */
export function SettingsOutcome({ outcome }: { outcome?: { ok: boolean; message: string } }) {
  return (
    <div aria-live="polite" className="mt-3">
      {outcome && (
        <p
          role={outcome.ok ? "status" : "alert"}
          className={
            outcome.ok
              ? "rounded-xl border border-teal-700 bg-teal-50 p-3"
              : "rounded-xl border-2 border-clay-700 bg-clay-100 p-3 font-semibold"
          }
        >
          {outcome.message}
        </p>
      )}
    </div>
  );
}

/** A field's message under it, tied to the control by `id`. */
export function FieldMessage({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-clay-700">
      {message}
    </p>
  );
}

export const inputClass =
  "mt-1 block w-full rounded-xl border border-slate-400 bg-white px-3 py-2.5 text-base text-ink focus:border-teal-700 focus:ring-2 focus:ring-teal-700/40 focus:outline-none aria-[invalid=true]:border-2 aria-[invalid=true]:border-clay-700";

export const primaryButton =
  "min-h-11 rounded-xl bg-teal-900 px-5 py-2 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-900";

export const secondaryButton =
  "min-h-11 rounded-xl border-2 border-teal-900 px-4 py-2 font-semibold text-teal-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-900";
