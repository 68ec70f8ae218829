import { expect } from "@playwright/test";
import { fakes } from "./fakes";

/** The confirmations sent to this visitor: one per booking. */
export async function confirmationsTo(email: string) {
  return (await fakes.mail()).filter(
    (m) => m.to.includes(email) && /^Subject: Your session is booked/m.test(m.raw),
  ).length;
}

/** Exactly one confirmation reaches the visitor, and no second follows the outbox's next rounds. */
export async function confirmedOnce(email: string) {
  await expect.poll(() => confirmationsTo(email), { timeout: 30_000 }).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  expect(await confirmationsTo(email)).toBe(1);
}
