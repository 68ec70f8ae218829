import type { ReactNode } from "react";

const tones = {
  success: "border-teal-700 bg-teal-50 text-teal-900",
  info: "border-teal-700 bg-white text-ink",
  warning: "border-amber-700 bg-amber-50 text-ink",
  error: "border-clay-700 bg-clay-100 text-clay-700",
};

/** A message at the top of an editor page. Problems are alerts; the rest polite statuses. */
export function Notice({
  tone,
  title,
  children,
}: {
  tone: keyof typeof tones;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div
      role={tone === "error" || tone === "warning" ? "alert" : "status"}
      className={`rounded-2xl border-2 p-4 ${tones[tone]}`}
    >
      <p className="font-semibold">{title}</p>
      {children && <div className="mt-1">{children}</div>}
    </div>
  );
}
