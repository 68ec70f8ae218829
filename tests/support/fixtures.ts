import { type Locator, type Page, expect } from "@playwright/test";
import sharp from "sharp";
import { fakes } from "./fakes";

/**
 * The toast that shows `text`, found by role: a list item of the "Notifications (F8)" region.
 * Hidden ones count too: while a dialog is open Radix hides everything outside it from assistive
 * technology, the toasts included, yet they are on screen.
 */
export const toastWith = (page: Page, text: string | RegExp) =>
  page
    .getByRole("region", { name: /^Notifications/, includeHidden: true })
    .getByRole("listitem", { includeHidden: true })
    .filter({ hasText: text });

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  need: string;
  message: string;
}

export const uniqueId = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Fills the contact form (on the current page) with fresh, valid values; returns them. */
export async function fillContact(
  page: Page,
  overrides: Partial<ContactValues> = {},
): Promise<ContactValues> {
  const id = uniqueId();
  const v: ContactValues = {
    name: `Ada ${id}`,
    email: `ada.${id}@example.com`,
    phone: "+234 803 000 1111",
    need: "marriage-counseling",
    message: "We have been arguing a lot since the baby came and would like some help.",
    ...overrides,
  };
  await page.getByLabel("Full Name").fill(v.name);
  await page.getByLabel("Email Address").fill(v.email);
  await page.getByLabel("Phone Number").fill(v.phone);
  await page.getByLabel("What do you need help with?").selectOption(v.need);
  await page.getByLabel("Message", { exact: true }).fill(v.message);
  return v;
}

/**
 * A positive signal that the delivery queue has caught up with everything written before now:
 * sends one more contact message (in a page of its own) and waits until it is delivered. The
 * outbox sends due rows oldest first, so a duplicate queued earlier would have gone out before
 * this one. `via` is the destination to watch: "mail" (the practice's inbox) or "hubspot".
 */
export async function outboxCaughtUp(page: Page, via: "mail" | "hubspot") {
  const sentinel = await page.context().newPage();
  try {
    await sentinel.goto("/contact");
    const v = await fillContact(sentinel, { name: "Queue Sentinel" });
    await sentinel.getByRole("button", { name: "Send Message" }).click();
    await expect
      .poll(
        async () =>
          via === "mail"
            ? (await fakes.mailAbout(v.email)).length
            : (await fakes.hubspotReceivedFor(v.email)).length,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
  } finally {
    await sentinel.close();
  }
}

/** Resolves after the browser has painted twice: pending scroll events and renders have run. */
export async function afterTwoFrames(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/**
 * Fills `field`'s form as Chromium's own autofill does, from an address profile (field names as
 * in Chromium's field_types.cc: NAME_FULL, COMPANY_NAME, EMAIL_ADDRESS, …): its heuristics pick
 * which input gets what, as they do for a visitor who saved their details in the browser.
 */
export async function autofill(field: Locator, profile: Record<string, string>) {
  const page = field.page();
  const cdp = await page.context().newCDPSession(page);
  try {
    await field.focus();
    await field.evaluate((el) => el.setAttribute("data-autofill-anchor", ""));
    const { root } = await cdp.send("DOM.getDocument");
    const { nodeId } = await cdp.send("DOM.querySelector", {
      nodeId: root.nodeId,
      selector: "[data-autofill-anchor]",
    });
    const { node } = await cdp.send("DOM.describeNode", { nodeId });
    await field.evaluate((el) => el.removeAttribute("data-autofill-anchor"));
    await cdp.send("Autofill.trigger", {
      fieldId: node.backendNodeId,
      address: { fields: Object.entries(profile).map(([name, value]) => ({ name, value })) },
    });
  } finally {
    await cdp.detach();
  }
}

/** The page's network, slowed by Chromium's own throttling (-1: not limited). */
export async function networkLine(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  return {
    set: (conditions: { latency: number; downloadThroughput: number; uploadThroughput: number }) =>
      cdp.send("Network.emulateNetworkConditions", { offline: false, ...conditions }),
  };
}

/** A photo of noise compresses as badly as a real one does. */
export function noisyPhoto(width: number, height: number, quality: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: "gaussian", mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality })
    .toBuffer();
}

/**
 * Lays out and draws every part of the page. `content-visibility: auto` leaves a part off screen
 * at the size it had when last drawn, or a guess when never drawn, and with no colours: two copies
 * of a page would differ by what each happened to draw, and axe reads the words of an undrawn part
 * as on the page's background.
 */
export async function layOutEverything(page: Page) {
  await page.addStyleTag({ content: "* { content-visibility: visible !important }" });
}
