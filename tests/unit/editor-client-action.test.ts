import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { editorClientAction } from "../../app/lib/admin/editor-client-action";

/** What the editor's form hears when the site's answer to a send is `status` with a short page. */
function answeredWith(status: number) {
  return editorClientAction({
    serverAction: () => Promise.reject(new ErrorResponse(status, "", "<p>Not sent</p>")),
  });
}

describe("the editor's send, answered with an error status", () => {
  it.each([
    [401, "signed-out"],
    [413, "too-large"],
    [429, "rate-limited"],
    // The body budget's answer (server/http/body-budget.ts): nothing was read, nothing saved.
    [503, "busy"],
    [500, "server-error"],
  ])("%i is told as %s", async (status, outcome) => {
    expect(await answeredWith(status)).toEqual({ outcome });
  });

  it("a proxy's 502 or 504 is a send that got no answer, kept to go again by itself", async () => {
    for (const status of [502, 504])
      expect(await answeredWith(status)).toMatchObject({ outcome: "unreachable" });
  });
});
