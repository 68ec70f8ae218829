import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    // One file per core. Vitest's default leaves one core to its own process, which on CI's two
    // cores ran the files one after another (9.6 minutes); its process is idle while they run.
    maxWorkers: Math.max(availableParallelism(), 2),
    // One embedded database made for the whole run, copied for each test that opens a fresh one.
    globalSetup: ["tests/support/pglite-template.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
