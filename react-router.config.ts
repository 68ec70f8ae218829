import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // Server rendering: the sitemap's pages are rendered once and served from memory by
  // server/page-cache.ts; everything else per request with its own nonce and real status
  // (docs/decisions/010).
  ssr: true,
} satisfies Config;
