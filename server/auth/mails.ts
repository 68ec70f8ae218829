import { formatWat } from "../../app/lib/admin/wat";
import { LINK_TTL_MS } from "./links";

/** The address of a sign-in link: always under SITE_URL, whatever host the request named. */
export function signInUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/admin/sign-in?token=${token}`;
}

export function signInMail(url: string): string {
  const minutes = LINK_TTL_MS / 60_000;
  return [
    "Hello,",
    "",
    "Someone (we hope you) asked to sign in to edit the Kindred Hearts website. Open this link",
    "in the same browser where you asked for it, and press “Sign in”:",
    "",
    url,
    "",
    `The link works once, for ${minutes} minutes. If you did not ask for it, you can ignore this`,
    "e-mail: nobody can sign in without it.",
    "",
  ].join("\n");
}

/**
 * Told to the editor's mailbox whenever a passkey is added, so a stranger's would be seen; one set
 * up from the e-mailed link alone waits until `pendingUntil` (docs/decisions/040). The words match
 * /admin/account's.
 */
export function passkeyAddedMail(
  device: string,
  siteUrl: string,
  pendingUntil?: Date,
): { subject: string; text: string } {
  const account = `${siteUrl}/admin/account`;
  if (pendingUntil) {
    const from = formatWat(pendingUntil.toISOString());
    return {
      subject: "A new passkey waits to be added to your sign-in",
      text: [
        "Hello,",
        "",
        `Someone signed in with an e-mailed link and set up a new passkey on ${device}.`,
        `Because the link alone was used, this passkey works only from ${from}.`,
        "",
        "If this was you, there is nothing to do: sign in with it from then on.",
        "If it was not you, someone can read your e-mail. Sign in with your own passkey, open",
        `“Your signed-in devices” and press “Cancel this passkey”: ${account}`,
        "Then change your e-mail password, and tell whoever runs the website.",
        "",
      ].join("\n"),
    };
  }
  return {
    subject: "A passkey was added to your sign-in",
    text: [
      "Hello,",
      "",
      `A passkey was just added to your sign-in for the Kindred Hearts website, on ${device}.`,
      "From now on you can sign in there with your fingerprint, face or phone PIN.",
      "",
      "If this was you, there is nothing to do. If it was not, sign in with your passkey, open",
      `“Your signed-in devices” and remove that passkey, then tell whoever runs the website: ${account}`,
      "",
    ].join("\n"),
  };
}

/** Told to the editor's mailbox whenever a passkey is removed or a waiting one cancelled. */
export function passkeyRemovedMail(
  device: string,
  siteUrl: string,
  cancelled: boolean,
): { subject: string; text: string } {
  return {
    subject: cancelled
      ? "A waiting passkey was cancelled"
      : "A passkey was removed from your sign-in",
    text: [
      "Hello,",
      "",
      cancelled
        ? `The new passkey on ${device}, which was waiting to be added, was cancelled. It will never sign in.`
        : `The passkey on ${device} was just removed from your sign-in for the Kindred Hearts website. That device can no longer sign you in.`,
      "",
      "If this was you, there is nothing to do. If it was not, sign in and look at your passkeys,",
      `then tell whoever runs the website: ${siteUrl}/admin/account`,
      "",
    ].join("\n"),
  };
}
