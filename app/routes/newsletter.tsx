import { PageHeader } from "~/components/PageHeader";
import { NewsletterForm } from "~/components/forms/NewsletterForm";
import { pages } from "~/content/pages";
import { redirect } from "react-router";
import {
  checkSubmission,
  commonFailure,
  isFullPagePost,
  readForm,
  submitMeta,
} from "~/lib/forms/action.server";
import { resilientClientAction } from "~/lib/forms/client-action";
import type { FormOutcome } from "~/lib/forms/outcomes";
import { newsletterSchema } from "~/lib/forms/schemas";
import { formHeaders } from "~/lib/forms/headers";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/newsletter";
import { keepPageAfterUnreachable } from "~/lib/forms/revalidate";

export const headers = formHeaders;
export const meta = metaFor(pages.newsletter);

// A post that never reached the server changed nothing: the page stays as typed.
export const shouldRevalidate = keepPageAfterUnreachable;

export function loader({ request, context }: Route.LoaderArgs) {
  const { top, signUp, benefits, search } = context.content.newsletter;
  return {
    // Where a sign-up sent without JavaScript lands (Post/Redirect/Get, docs/decisions/013).
    subscribed: new URL(request.url).searchParams.get("subscribed") === "1",
    top,
    signUp,
    // The three benefits' names are SPEC.md's; what each says is the practice's.
    benefits: {
      heading: benefits.heading,
      items: [
        { title: "Weekly tips", text: benefits.weeklyTips },
        { title: "Communication strategies", text: benefits.communication },
        { title: "Exclusive content", text: benefits.exclusive },
      ],
    },
    search,
  };
}

export const clientAction = resilientClientAction;

export async function action({ request, context }: Route.ActionArgs) {
  const form = checkSubmission(await readForm(request), newsletterSchema);
  if (!form.ok) return form.response;
  const sent = () =>
    isFullPagePost(form.values)
      ? redirect("/newsletter?subscribed=1", 303)
      : ({ outcome: "sent" } satisfies FormOutcome);
  if (form.bot) return sent();
  const meta = submitMeta(request, context, "Newsletter", form.values);
  const result = await context.services.forms.newsletter(form.data, meta);
  // A CRM refusal still leaves the sign-up stored with us, so the visitor is subscribed.
  if (result.status === "ok" || result.status === "rejected") return sent();
  return commonFailure(result);
}

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const { top, signUp, benefits } = loaderData;
  return (
    <>
      <PageHeader eyebrow={top.eyebrow} title={top.title}>
        <p>{top.intro}</p>
      </PageHeader>
      <div className="container-page grid gap-12 py-14 lg:grid-cols-2">
        <section aria-labelledby="signup-heading">
          <h2 id="signup-heading" className="text-3xl font-semibold">
            {signUp.heading}
          </h2>
          <p className="mt-2 mb-6 text-muted">{signUp.text}</p>
          <NewsletterForm id="page" subscribedByRedirect={loaderData.subscribed} />
          <p className="mt-6 text-muted">No spam, ever. Unsubscribe at any time.</p>
        </section>
        <section aria-labelledby="benefits-heading">
          <h2 id="benefits-heading" className="text-3xl font-semibold">
            {benefits.heading}
          </h2>
          <ul className="mt-6 space-y-4">
            {benefits.items.map((b) => (
              <li key={b.title} className="rounded-2xl border border-linen bg-white p-6">
                <h3 className="text-xl font-semibold">{b.title}</h3>
                <p className="mt-2 text-muted">{b.text}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
