import { useEffect, useRef } from "react";
import { Link } from "react-router";

/**
 * The saved draft as the public page will show it, on a phone and at full width. The server
 * renders `<path>?preview=draft` with the signed-in editor's draft in place.
 */
export function PreviewFrames({
  adminPath,
  publicPath,
  title,
}: {
  adminPath: string;
  publicPath: string;
  title: string;
}) {
  const src = `${publicPath}?preview=draft`;
  const heading = useRef<HTMLHeadingElement>(null);
  // The Preview button she pressed is gone with the form: the heading takes focus, so a screen
  // reader says where she is and that her draft is saved.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="preview-heading" className="space-y-6">
      <div>
        <h2
          id="preview-heading"
          ref={heading}
          tabIndex={-1}
          aria-describedby="preview-saved"
          className="scroll-mt-4 text-2xl font-semibold outline-none"
        >
          Preview of your draft
        </h2>
        <p id="preview-saved" className="mt-1 text-muted">
          Your draft is saved. Visitors still see the published page until you publish.
        </p>
        <Link to={adminPath} className="btn-primary mt-3">
          Back to editing
        </Link>
      </div>
      <figure className="phone-preview">
        <figcaption className="font-semibold">On a phone (390 pixels wide)</figcaption>
        {/* Scaled down to fit a narrower screen, still a 390 px page inside (app.css). */}
        <div className="mt-2">
          <iframe
            src={src}
            title={`${title}: preview on a phone`}
            className="rounded-xl border border-slate-400"
          />
        </div>
      </figure>
      <figure>
        <figcaption className="font-semibold">At full width</figcaption>
        <iframe
          src={src}
          title={`${title}: preview at full width`}
          height={780}
          className="mt-2 w-full rounded-xl border border-slate-400"
        />
      </figure>
    </section>
  );
}
