import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // Server rendering: the sitemap's pages are rendered once and served from memory by
  // server/http/pages/page-cache.ts; everything else per request with its own nonce and real status
  // (docs/decisions/010).
  ssr: true,
  // scripts/build.ts builds each release in a folder of its own (docs/decisions/030).
  buildDirectory: process.env.SITE_BUILD_DIR ?? "build",
} satisfies Config;
