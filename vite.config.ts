import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // BUILD_SOURCEMAP=1 writes source maps, for looking into what the bundles are made of.
  build: { assetsInlineLimit: 0, sourcemap: process.env.BUILD_SOURCEMAP === "1" },
});
