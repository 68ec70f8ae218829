import { type StepUpNotice, stepUpMessage } from "~/lib/admin/step-up";
import { Notice } from "./Notice";

/**
 * "Please sign in again first" above a download or a person's data (docs/decisions/033, 040):
 * with a passkey, the way to one touch of it, which brings her back to this page.
 */
export function StepUpBanner({ stepUp }: { stepUp: StepUpNotice }) {
  return (
    <Notice tone="warning" title="Please sign in again first">
      <p>{stepUpMessage(stepUp)}</p>
      {stepUp.kind === "passkey" && (
        <p className="mt-2">
          <a
            href={`/admin/confirm?back=${encodeURIComponent(stepUp.back)}`}
            className="font-semibold text-teal-900 underline"
          >
            Confirm with your passkey
          </a>
        </p>
      )}
    </Notice>
  );
}
