import { Form } from "react-router";
import { TextField } from "~/components/forms/Field";

export interface SignInFormProps {
  /** the address to show in the field (prefilled, or what was sent) */
  email?: string;
  /** the field's error, e.g. not an e-mail address */
  error?: string;
  /** the button's words */
  submitLabel?: string;
}

/**
 * Asks for a sign-in link: one "E-mail" field and a button. A plain post to /admin, so it works
 * without JavaScript; every address gets the same answer.
 */
export function SignInForm({ email, error, submitLabel = "Send sign-in link" }: SignInFormProps) {
  return (
    <Form
      method="post"
      action="/admin"
      className="mt-6 grid gap-4"
      aria-label="Ask for a sign-in link"
    >
      <TextField
        name="email"
        label="E-mail"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        maxLength={254}
        defaultValue={email}
        error={error}
        hint="We send a link to this address if it may edit the website."
      />
      <div>
        <button type="submit" className="btn-primary">
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}
