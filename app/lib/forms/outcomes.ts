import type { FieldErrors } from "./schemas";

/** What a form's action answers, read by the form with or without JavaScript. */
export type FormOutcome =
  | { outcome: "sent"; deferred?: boolean }
  | { outcome: "invalid"; errors: FieldErrors; values: Record<string, string> }
  /** `reachesTeam`: the message still reaches the practice by e-mail */
  | { outcome: "crm-rejected"; values: Record<string, string>; reachesTeam?: boolean }
  | { outcome: "rate-limited"; message: string }
  | { outcome: "failed"; message: string }
  /** checkout: the payment could not be started; what was typed is shown again */
  | { outcome: "payment-failed"; message: string; values: Record<string, string> }
  | { outcome: "bad-request"; message: string };
