import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  // Every page is rendered on the server per request so that each response carries its own CSP
  // nonce and the real status code (404, 500). Rendering is cheap; see docs/decisions/001.
  ssr: true,
} satisfies Config;
