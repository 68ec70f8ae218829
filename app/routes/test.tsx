import { data } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { pages } from "~/content/pages";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/test";
import { keepPageAfterUnreachable } from "~/lib/forms/revalidate";

export const meta = metaFor(pages.test, true);

// A post that never reached the server changed nothing: the page stays as typed.
export const shouldRevalidate = keepPageAfterUnreachable;

export function loader({ request, context }: Route.LoaderArgs) {
  // Lets the practice's host check that error pages and monitoring work: /test?error=1.
  if (new URL(request.url).searchParams.get("error") === "1") {
    throw data("Deliberate test error", { status: 500, statusText: "Internal Server Error" });
  }
  return { version: context.version };
}

export default function TestPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Internal" title="Site test page">
        <p>
          This is the website’s test page. The practice and its web host use it to confirm that the
          site is up and to see which version is live. It is hidden from search engines.
        </p>
      </PageHeader>
      <div className="container-page py-12">
        <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          <dt className="font-semibold">Build version</dt>
          <dd className="font-mono">{loaderData.version}</dd>
        </dl>
      </div>
    </>
  );
}
