import { data } from "react-router";
import type { EditorServices, SiteLoadContext } from "./load-context";

/**
 * The editor's server side for an /admin loader or action, or the site's 404 page when editing is
 * off (EDITOR_EMAILS unset): every editor route starts with it, then `auth.requireEditor`.
 */
export function editorServices(context: Pick<SiteLoadContext, "editor">): EditorServices {
  if (!context.editor) throw data(null, { status: 404 });
  return context.editor;
}

/** Headers of every editor answer; the server's editor guard sets them too (server/auth/guard.ts). */
export const editorHeaders = {
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  // The phone's model, so the editor's lists of devices and passkeys tell two phones apart.
  "Accept-CH": "Sec-CH-UA-Model",
} as const;
