import { redirect } from "react-router";
import { PHOTO_UPLOAD_FIELD, type PhotoUploadAnswer } from "~/lib/admin/send-photos";
import { editorHeaders, editorServices } from "~/lib/editor";
import type { Route } from "./+types/photos";

/**
 * POST /admin/photos: one photo, sent by the editor's page on its own before the form (issue 29,
 * item 7), so that each photo has the whole request time to itself on a slow line and the page
 * can show how far it has got. The answer is the stored photo's key, which the form then carries
 * in place of the file. Without JavaScript the form still sends its photos itself.
 */
export function loader({ context }: Route.LoaderArgs) {
  editorServices(context);
  return redirect("/admin", { headers: editorHeaders });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = editorServices(context);
  const editor = await services.auth.requireEditor(request);
  const answer = (body: PhotoUploadAnswer, status: number, headers: Record<string, string> = {}) =>
    Response.json(body, { status, headers: { ...editorHeaders, ...headers } });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return answer({ ok: false, message: "We could not read that photo. Please try again." }, 400);
  }
  const file = form.get(PHOTO_UPLOAD_FIELD);
  if (typeof file === "string" || !file || file.size === 0) {
    return answer({ ok: false, message: "Please choose a photo." }, 400);
  }
  const uploaded = await services.photos.upload(file, editor, request.signal);
  if (uploaded.ok) return answer({ ok: true, key: uploaded.key }, 200);
  if (uploaded.busy) {
    return answer({ ok: false, message: uploaded.message }, 503, {
      "Retry-After": String(uploaded.busy.retryAfterSeconds),
    });
  }
  return answer({ ok: false, message: uploaded.message }, 400);
}
