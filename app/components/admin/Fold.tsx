import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * A part of a long form folded to one line (Services was 41 screens): a list's item, or a page's
 * words. It opens by itself when it starts open (an error, an item just added), whenever an error
 * appears in it, and on a submit while it holds one; otherwise it stays as the editor left it, so
 * it never folds under her while she types.
 */
export function Fold({
  summary,
  startsOpen,
  hasErrors,
  children,
}: {
  summary: ReactNode;
  startsOpen: boolean;
  hasErrors: boolean;
  children: ReactNode;
}) {
  const [open] = useState(startsOpen);
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (hasErrors && ref.current) ref.current.open = true;
  }, [hasErrors]);
  // An error found before the editor folded it stays unseen until she presses a button: every
  // submit opens the folds that hold one.
  useEffect(() => {
    const details = ref.current;
    const form = details?.closest("form");
    if (!details || !form) return;
    const openIfInvalid = () => {
      if (details.querySelector('[aria-invalid="true"]')) details.open = true;
    };
    form.addEventListener("submit", openIfInvalid, true);
    return () => form.removeEventListener("submit", openIfInvalid, true);
  }, []);
  return (
    <details ref={ref} open={open} className="rounded-xl border border-slate-200 bg-white">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-3 py-2 font-semibold text-teal-900 focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:outline-none">
        {summary}
      </summary>
      <div className="p-1 pt-0">{children}</div>
    </details>
  );
}
