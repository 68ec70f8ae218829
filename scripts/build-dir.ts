import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The folder a build step writes into: the release scripts/build.ts is making (SITE_BUILD_DIR),
 * or `build/` when a step is run by hand.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const buildDir = path.resolve(root, process.env.SITE_BUILD_DIR ?? "build");
