import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../server/operations/logger";
import { tallyPagesFromMemory } from "../../server/http/pages/page-cache";

/** A logger at `level` whose lines are kept here. */
function capturingLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(level, {
    write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines };
}

describe("pages answered from memory (docs/decisions/043)", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("are counted at info: one line a minute with how many, none for a quiet minute", () => {
    const { logger, lines } = capturingLogger("info");
    const tally = tallyPagesFromMemory(logger)!;
    for (let i = 0; i < 1234; i++) tally.count += 1;
    expect(lines).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "pages answered from memory", pages: 1234, seconds: 60 });
    vi.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(1);
    tally.count += 2;
    vi.advanceTimersByTime(60_000);
    expect(lines[1]).toMatchObject({ pages: 2 });
  });

  it("are not counted below info", () => {
    const { logger } = capturingLogger("warn");
    expect(tallyPagesFromMemory(logger)).toBeUndefined();
  });
});
