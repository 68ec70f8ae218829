import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeDatabaseError } from "../../server/db/errors";

describe("describeDatabaseError", () => {
  it("keeps the driver's reason and code but never the query's parameters", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: "23505",
      detail: "Key (email)=(ada@example.com) already exists.",
    });
    const error = new DrizzleQueryError(
      "insert into submissions (payload) values ($1)",
      ['{"email":"ada@example.com","name":"Ada"}'],
      cause,
    );
    expect(error.message).toContain("ada@example.com");
    const described = describeDatabaseError(error);
    expect(described).toBe('23505: duplicate key value violates unique constraint "x"');
    expect(described).not.toContain("ada@example.com");
  });

  it("describes a lost connection", () => {
    const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    expect(describeDatabaseError(new DrizzleQueryError("select 1", [], cause))).toBe(
      "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432",
    );
  });

  it("says only 'query failed' when there is no driver error underneath", () => {
    const error = new Error("Failed query: select $1\nparams: ada@example.com");
    expect(describeDatabaseError(error)).toBe("query failed");
  });
});
