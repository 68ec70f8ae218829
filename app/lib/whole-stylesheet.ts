/**
 * Links the whole stylesheet behind a page that carries only its own part of it
 * (`<style data-partial>`, server/http/pages/page-stylesheet.ts). React's components render classes the
 * page's rules may not have (a toast, a field's error, the booking dialog), so this runs before
 * React starts: from the small script when a form is first used, and from the root module.
 * Does nothing twice, and nothing on a page with the whole stylesheet.
 */
export function linkWholeStylesheet(doc: Document = document): void {
  for (const style of doc.querySelectorAll<HTMLStyleElement>("style[data-partial][data-href]")) {
    const href = style.dataset.href ?? "";
    if (!href.startsWith("/assets/")) continue;
    if (doc.querySelector(`link[rel="stylesheet"][href="${href}"]`)) continue;
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    doc.head.append(link);
  }
}
