import type { CDPSession, Page } from "@playwright/test";
import { freePort } from "./local";
import { spawnServer } from "./spawn-server";

/**
 * Passkeys in the end-to-end tests (docs/decisions/031). WebAuthn takes a domain name as its RP
 * ID, never an IP address, and the shared editor's site runs at http://127.0.0.1: so a file that
 * signs in with a passkey starts a site of its own at http://localhost (a secure context, like any
 * loopback address), with its own database, where `editors` are the only editors. No other
 * editor test then meets an editor who has a passkey.
 */
export async function startPasskeySite(...editors: string[]) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const server = await spawnServer({
    PORT: String(port),
    SITE_URL: url,
    EDITOR_EMAILS: editors.join(","),
    SMTP_URL: `smtp://127.0.0.1:${process.env.FAKE_SMTP_PORT}`,
    MAIL_FROM: "website@kindredhearts.ng",
    PRACTICE_INBOX: "team@kindredhearts.ng",
    FORM_RATE_LIMIT: "1000",
  });
  return { ...server, url };
}

/**
 * The phone's fingerprint reader: Chromium's virtual authenticator, a platform authenticator that
 * always verifies its user. Each page's browser gets its own, as each phone has its own.
 */
export async function fingerprintReader(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** The passkeys a fingerprint reader holds. */
export async function credentials(reader: { cdp: CDPSession; authenticatorId: string }) {
  const { credentials } = await reader.cdp.send("WebAuthn.getCredentials", {
    authenticatorId: reader.authenticatorId,
  });
  return credentials;
}
