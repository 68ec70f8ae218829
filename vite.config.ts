import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  // BUILD_SOURCEMAP=1 writes source maps, for looking into what the bundles are made of.
  build: {
    assetsInlineLimit: 0,
    sourcemap: process.env.BUILD_SOURCEMAP === "1",
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            {
              // What (nearly) every page loads: the shell (header, footer, toasts, the footer's
              // newsletter form), page titles, pictures, the 404's words. One file instead of a
              // dozen small ones, which compress worse and cost a request each.
              name: "shell",
              test: /\/app\/(components\/(icons|SiteHeader|SiteFooter|MobileMenu|NavDropdown|ConsentBanner|ToastOutlet|BrandIcons|Logo|Picture|JsonLd|PageHeader|forms\/(NewsletterForm|Field|FormNotice|Honeypot))|lib\/(analytics|toast-store|use-hydrated|seo|images|forms\/(fields|lazy-schemas))|content\/(site|nav|messages|pages|not-found|images\/manifest))\.(tsx?|json)$|lucide-react/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
