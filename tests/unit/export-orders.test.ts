import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { openDatabase } from "../../server/db/client";
import { submissions } from "../../server/db/schema";
import { createOrder, markPaid, newReference } from "../../server/visitors/payments/orders";
import { fillDataDir, freshDataDir } from "../support/databases";

const run = promisify(execFile);

it("`npm run export -- --kind orders` lists orders as spreadsheet-safe CSV", async () => {
  const dir = freshDataDir("site-export-");
  try {
    const database = await openDatabase({ dataDir: dir });
    const reference = newReference();
    await createOrder(database.db, {
      reference,
      itemId: "map-growth",
      itemName: "Marriage with a Map: Growth Map",
      amountKobo: 5_500_000,
      name: '=HYPERLINK("http://evil.example","Ada")',
      email: "ada@example.com",
      phone: "+234 803 000 1111",
    });
    await markPaid(database.db, { reference, amountKobo: 5_500_000, currency: "NGN" }, []);
    await database.close();

    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "scripts/export.ts", "--kind", "orders"],
      // PORT 1: nothing listens there, so the script knows the embedded database is free.
      { env: { ...process.env, DATA_DIR: dir, PORT: "1", DATABASE_URL: "" } },
    );
    // A UTF-8 byte-order mark first, for Excel on Windows, then the headings.
    expect(stdout.startsWith("\uFEFFReference,")).toBe(true);
    const lines = stdout.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Reference,Received,New or handled,Payment,Paid,Item,Amount (naira),Currency,Name,E-mail,Phone,Why the payment failed",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${reference},`);
    // In the practice's words and Lagos time (issue 41, item 10).
    expect(lines[1]).toMatch(/,New,Paid,\d{4}-\d\d-\d\d \d\d:\d\d \+01:00,/);
    expect(lines[1]).toContain(",Marriage with a Map: Growth Map,55000.00,NGN,");
    // A formula is neutralised with an apostrophe, and quoted because it holds quotes and a comma.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""Ada"")"`);
    // A phone number as written: neither a number nor a formula, and no apostrophe to see.
    expect(lines[1]).toContain(",\u2060+234 803 000 1111,");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

it("`--out FILE` writes only the CSV into the file, making its folder, readable by its owner only", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "site-export-out-"));
  try {
    const database = await openDatabase({ dataDir: fillDataDir(path.join(dir, "data")) });
    await database.db.insert(submissions).values({
      kind: "contact",
      payload: { name: "Ada", email: "ada@example.com", message: "Hello" },
    });
    await database.close();

    const file = path.join(dir, "exports", "contact.csv");
    const { stdout, stderr } = await run(
      process.execPath,
      ["--import", "tsx", "scripts/export.ts", "--kind", "contact", "--out", file],
      { env: { ...process.env, DATA_DIR: path.join(dir, "data"), PORT: "1", DATABASE_URL: "" } },
    );
    expect(stdout).toBe("");
    expect(stderr).toContain(`1 contact submission(s) since 1970-01-01, written to ${file}`);
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Number,Received,New or handled,Name,E-mail,Phone,Service asked about,Message,Page,Where it went",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(",Ada,ada@example.com,");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.dirname(file))).toEqual(["contact.csv"]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
