import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, loadDotEnv } from "../../server/config";

const dir = mkdtempSync(path.join(tmpdir(), "site-dotenv-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe(".env", () => {
  it("fills in what the environment leaves unset, and the real environment wins", () => {
    const file = path.join(dir, ".env");
    writeFileSync(
      file,
      "# the practice's settings\nSITE_URL=https://kindredhearts.example\nPORT=8080\n" +
        'MAIL_FROM="Kindred Hearts <hello@kindredhearts.example>"\n',
    );
    const env: Record<string, string | undefined> = { PORT: "3000" };
    expect(loadDotEnv(env, file).sort()).toEqual(["MAIL_FROM", "SITE_URL"]);
    expect(env).toEqual({
      PORT: "3000",
      SITE_URL: "https://kindredhearts.example",
      MAIL_FROM: "Kindred Hearts <hello@kindredhearts.example>",
    });
  });

  it("is optional", () => {
    const env = { PORT: "3000" };
    expect(loadDotEnv(env, path.join(dir, "missing.env"))).toEqual([]);
    expect(env).toEqual({ PORT: "3000" });
  });

  it(".env.example names every variable the site reads, each commented out", () => {
    const text = readFileSync(".env.example", "utf8");
    // Nothing is set by copying it unchanged: every assignment is a comment.
    expect(parseEnv(text)).toEqual({});
    const named = [...text.matchAll(/^# ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    expect([...named].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
