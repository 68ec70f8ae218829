import { CheckCircle2, CircleAlert } from "~/components/icons";

/**
 * A message above a form after a full-page post (without JavaScript, where there are no toasts).
 * Success is a polite status; a problem is an alert.
 */
export function FormNotice({
  tone,
  title,
  children,
}: {
  tone: "success" | "error";
  title: string;
  children?: string;
}) {
  const success = tone === "success";
  return (
    <div
      role={success ? "status" : "alert"}
      className={`flex gap-3 rounded-2xl border p-4 ${
        success
          ? "border-teal-700 bg-teal-50 text-teal-900"
          : "border-clay-700 bg-clay-100 text-clay-700"
      }`}
    >
      {success ? (
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      ) : (
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      )}
      <div>
        <p className="font-semibold">{title}</p>
        {children && <p className="mt-1 text-sm">{children}</p>}
      </div>
    </div>
  );
}
