/**
 * The small script's parts that only some pages need: each is a file of its own, loaded when a
 * page has what it wires. scripts/build-enhance.ts builds them before the script, each whole
 * (no chunk shared with the script: one more request before it could run, docs/decisions/037),
 * and writes their URLs into the script; in development Vite serves their source.
 */
export const partEntries = {
  widgets: "app/enhance/widgets.ts",
  consent: "app/enhance/consent.ts",
  "open-now": "app/enhance/open-now.ts",
  "local-times": "app/enhance/local-times.ts",
} as const;

declare const __ENHANCE_PARTS__: Record<keyof typeof partEntries, string>;

type Parts = {
  widgets: typeof import("./widgets");
  consent: typeof import("./consent");
  "open-now": typeof import("./open-now");
  "local-times": typeof import("./local-times");
};

/** Loads one part (the built file by its URL; its source in development). */
export function loadPart<K extends keyof Parts>(name: K): Promise<Parts[K]> {
  if (import.meta.env.DEV) {
    const source = {
      widgets: () => import("./widgets"),
      consent: () => import("./consent"),
      "open-now": () => import("./open-now"),
      "local-times": () => import("./local-times"),
    };
    return source[name]() as Promise<Parts[K]>;
  }
  return import(/* @vite-ignore */ __ENHANCE_PARTS__[name]) as Promise<Parts[K]>;
}
