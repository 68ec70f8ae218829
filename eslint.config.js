import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The package's own entry makes the build parse all 4,800 icons: app/components/icons.ts. */
const lucideBarrel = {
  regex: "^lucide-react$",
  message: "Import icons from ~/components/icons (one file per icon keeps the build small).",
};
/** app/ importing server/, by a relative path or through the `~/` alias. */
const serverImport = {
  regex: "^((\\.\\./)+|~/\\.\\./)server(/|$)",
  message:
    "app/ must not import server/: pass what the page needs through the load context " +
    "(app/lib/load-context.ts, built in server/app.ts).",
};

export default tseslint.config(
  {
    ignores: [
      "releases/",
      "build/",
      "data/",
      ".react-router/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "reports/",
      "scratch/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.strict.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // Only server/config.ts reads the environment (STYLE.md rule 3).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: ["server/config.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "Read configuration from server/config.ts.",
        },
      ],
    },
  },
  // Import cycles are caught by tests/unit/imports.test.ts (eslint-plugin-import-x needs a native
  // resolver whose other-platform builds this npm would not write into package-lock.json).
  {
    // Imports point one way (STYLE.md rule 8): server/ may use app/, never the reverse. What a
    // page needs from the server arrives in the load context (app/lib/load-context.ts).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/components/icons.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverImport, lucideBarrel] }] },
  },
  {
    // app/lib is shared logic: it may not depend on UI (app/components). The rule's options
    // replace the ones above for these files, so the server pattern is repeated.
    files: ["app/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            serverImport,
            lucideBarrel,
            {
              regex: "^(~/components(/|$)|(\\.\\./)+components(/|$))",
              message: "app/lib must not import app/components: move the shared part into app/lib.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
);
