import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import { shippedContent } from "../../app/content/documents";
import { bookingSettingsAccess } from "../../app/lib/admin/booking-settings-access.server";
import type { EditorServices } from "../../app/lib/load-context";
import type { BookingSettingsService } from "../../app/lib/services/booking-settings";

/** What a loader throws or returns, as a status. */
async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (thrown) {
    const t = thrown as { init?: { status?: number }; status?: number };
    return t.init?.status ?? t.status ?? 500;
  }
}

function context(editor: Partial<EditorServices> | undefined, signedIn: boolean) {
  const auth = {
    access: async () => (signedIn ? { email: "office@x.ng", edit: false, inbox: true } : null),
  };
  return {
    content: shippedContent(),
    editor: editor && { inboxOn: true, inbox: {}, auth, ...editor },
  } as unknown as AppLoadContext;
}

describe("who reaches /admin/booking-settings", () => {
  const request = new Request("http://127.0.0.1/admin/booking-settings");
  const settings = {} as BookingSettingsService;

  it("is the 404 page while the site does not take bookings itself, signed in or not", async () => {
    expect(await statusOf(bookingSettingsAccess(context({}, true), request))).toBe(404);
    expect(await statusOf(bookingSettingsAccess(context({}, false), request))).toBe(404);
    expect(await statusOf(bookingSettingsAccess(context(undefined, false), request))).toBe(404);
  });

  it("sends a signed-out browser to sign in, and gives a reader the team's counsellors who take bookings", async () => {
    expect(
      await statusOf(bookingSettingsAccess(context({ bookingSettings: settings }, false), request)),
    ).toBe(302);
    const access = await bookingSettingsAccess(
      context({ bookingSettings: settings }, true),
      request,
    );
    expect(access.counsellors.map((c) => c.id)).toEqual([
      "dr-adaeze-okafor",
      "oluwaseun-adeyemi",
      "hauwa-abdullahi",
      "chiamaka-eze",
    ]);
  });
});
