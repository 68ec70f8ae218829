import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { jobFinished } from "../../server/operations/job-runs";
import { readStatus } from "../../server/operations/status";
import { openTempPglite } from "../support/databases";

describe("/status and the editor's jobs", () => {
  let database: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ database, cleanup } = await openTempPglite("site-editor-status-")());
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await cleanup?.();
  });
  const status = () =>
    readStatus(database.db, { jobs: [], processStartedAt: new Date(Date.now() - 60_000) });

  it("names a failed publish until the next one succeeds", async () => {
    expect((await status()).status).toBe("ok");
    const error = Object.assign(new Error("connection terminated"), { code: "57P01" });
    await jobFinished(database.db, "publish", { ok: false, error });
    const failed = await status();
    expect(failed.status).toBe("attention");
    expect(failed.reasons.join(" ")).toMatch(/publish failed/);
    await jobFinished(database.db, "publish", { ok: true });
    expect((await status()).status).toBe("ok");
  });

  it("names a failed photo job the same way", async () => {
    await jobFinished(database.db, "photos", { ok: false, error: new Error("disk full") });
    expect((await status()).reasons.join(" ")).toMatch(/photos failed/);
    await jobFinished(database.db, "photos", { ok: true });
    expect((await status()).status).toBe("ok");
  });
});
