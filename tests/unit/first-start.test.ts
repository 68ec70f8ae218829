import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { createInChildProcess } from "../../server/db/first-start";

const folder = () => {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "site-first-start-")), "pglite");
  mkdirSync(dir);
  return dir;
};

describe("a first start's database, made in a child process", () => {
  it("is made in an empty folder, ready to open", async () => {
    const dir = folder();
    expect(
      await createInChildProcess(dir, [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"]),
    ).toBe(true);
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
  }, 60_000);

  it("is never made over anything already there", async () => {
    const dir = folder();
    writeFileSync(path.join(dir, "keep-me"), "x");
    expect(await createInChildProcess(dir, [])).toBe(false);
    expect(readdirSync(dir)).toEqual(["keep-me"]);
  });

  it("leaves the folder empty when the child fails, for the site to make it itself", async () => {
    const dir = folder();
    expect(
      await createInChildProcess(dir, [...PGlite.defaultStartParams, "-c", "no_such_setting=1"]),
    ).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);
});
