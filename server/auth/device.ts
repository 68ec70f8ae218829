/**
 * A device's name for the editor's lists of signed-in devices and passkeys ("Chrome on Android
 * (Pixel 7)"), from its User-Agent and, where the browser sends it, its model (the
 * Sec-CH-UA-Model client hint the editor's pages ask for), so two phones can be told apart. Only
 * this short name is kept, never the whole header.
 */
export function deviceName(
  userAgent: string | null | undefined,
  modelHint?: string | null,
): string {
  const base = browserAndSystem(userAgent);
  const model = modelOf(userAgent, modelHint);
  return model ? `${base} (${model})` : base;
}

/**
 * The phone's model: the client hint (a quoted string) if sent, else the one an older Android
 * User-Agent names ("Android 14; SM-S918B"). Chrome's reduced User-Agent says "K" instead: none.
 */
function modelOf(userAgent: string | null | undefined, hint: string | null | undefined) {
  const clean = (value: string | undefined) => {
    const model = (value ?? "")
      .replace(/^"|"$/g, "")
      .replace(/[^\w .+-]/g, "")
      .trim();
    return model.length > 1 && model.length <= 40 ? model : undefined;
  };
  const fromHint = clean(hint ?? undefined);
  if (fromHint) return fromHint;
  const match = /Android [\d.]+; ([^;)]+?)(?: Build\/[^;)]*)?\)/.exec(
    (userAgent ?? "").slice(0, 512),
  );
  return clean(match?.[1]);
}

function browserAndSystem(userAgent: string | null | undefined): string {
  const ua = (userAgent ?? "").slice(0, 512);
  const browser = /EdgA?\//.test(ua)
    ? "Edge"
    : /SamsungBrowser\//.test(ua)
      ? "Samsung Internet"
      : /OPR\/|Opera/.test(ua)
        ? "Opera"
        : /Firefox\/|FxiOS\//.test(ua)
          ? "Firefox"
          : /Chrome\/|CriOS\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : "A browser";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone/.test(ua)
      ? "iPhone"
      : /iPad/.test(ua)
        ? "iPad"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "Mac"
            : /CrOS/.test(ua)
              ? "Chromebook"
              : /Linux/.test(ua)
                ? "Linux"
                : "an unknown system";
  return `${browser} on ${system}`;
}
