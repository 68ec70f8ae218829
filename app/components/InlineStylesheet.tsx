import { createContext, useContext } from "react";
import { linkWholeStylesheet } from "~/lib/whole-stylesheet";

// However React starts, the whole stylesheet is linked before it renders anything of its own.
if (typeof document !== "undefined") linkWholeStylesheet();

/**
 * How the server reads a built file's text (server/app.ts); absent in development, where Vite
 * serves the stylesheet, and in the browser.
 */
export const AssetText = createContext<((href: string) => string | undefined) | undefined>(
  undefined,
);

/**
 * The site's stylesheet, written into the page (docs/decisions/017): the first paint needs only
 * the HTML. In the browser React keeps the text the server wrote, so hydrating it changes nothing.
 */
export function InlineStylesheet({ href }: { href: string }) {
  const read = useContext(AssetText);
  const text =
    typeof document === "undefined"
      ? read?.(href)
      : document.querySelector(`style[data-href="${href}"]`)?.textContent;
  if (text == null) return <link rel="stylesheet" href={href} />;
  return <style data-href={href} dangerouslySetInnerHTML={{ __html: text }} />;
}
