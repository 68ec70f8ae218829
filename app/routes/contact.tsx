import { Link, data, redirect } from "react-router";
import { ContactDetails } from "~/components/ContactDetails";
import { PageHeader } from "~/components/PageHeader";
import { ContactForm } from "~/components/forms/ContactForm";
import { pages } from "~/content/pages";
import {
  checkSubmission,
  commonFailure,
  isFullPagePost,
  readForm,
  submitMeta,
} from "~/lib/forms/action.server";
import { resilientClientAction } from "~/lib/forms/client-action";
import type { FormOutcome } from "~/lib/forms/outcomes";
import { contactSchema } from "~/lib/forms/schemas";
import { formHeaders } from "~/lib/forms/headers";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/contact";
import { keepPageAfterUnreachable } from "~/lib/forms/revalidate";

export const headers = formHeaders;
export const meta = metaFor(pages.contact);

// A post that never reached the server changed nothing: the page stays as typed.
export const shouldRevalidate = keepPageAfterUnreachable;

export function loader({ request, context }: Route.LoaderArgs) {
  // Routes match case-insensitively, so the nav's /Contact lands here; give it one address.
  const url = new URL(request.url);
  if (url.pathname !== "/contact") throw redirect(`/contact${url.search}`, 301);
  // Where a message sent without JavaScript lands (Post/Redirect/Get, docs/decisions/013).
  const sent = url.searchParams.get("sent");
  const { top, message, details, end, search } = context.content.site.contactPage;
  return {
    sent: sent === "1" ? ("now" as const) : sent === "later" ? ("later" as const) : undefined,
    top,
    message,
    details,
    end,
    search,
  };
}

export const clientAction = resilientClientAction;

export async function action({ request, context }: Route.ActionArgs) {
  const form = checkSubmission(await readForm(request), contactSchema);
  if (!form.ok) return form.response;
  const fullPage = isFullPagePost(form.values);
  if (form.bot)
    return fullPage
      ? redirect("/contact?sent=1", 303)
      : ({ outcome: "sent" } satisfies FormOutcome);
  const meta = submitMeta(request, context, "Contact Us", form.values);
  const result = await context.services.forms.contact(form.data, meta);
  if (result.status === "ok") {
    if (fullPage) return redirect(`/contact?sent=${result.deferred ? "later" : "1"}`, 303);
    return { outcome: "sent", deferred: result.deferred } satisfies FormOutcome;
  }
  if (result.status === "rejected") {
    const answer: FormOutcome = {
      outcome: "crm-rejected",
      values: form.values,
      reachesTeam: result.reachesTeam,
    };
    return data(answer, { status: 422 });
  }
  return commonFailure(result);
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { top, message, end } = loaderData;
  return (
    <>
      <PageHeader eyebrow={top.eyebrow} title={top.title}>
        <p>{top.intro}</p>
      </PageHeader>
      <div className="container-page grid gap-12 py-14 lg:grid-cols-5">
        <section aria-labelledby="message-heading" className="lg:col-span-3">
          <h2 id="message-heading" className="text-3xl font-semibold">
            {message.heading}
          </h2>
          <p className="mt-2 mb-6 text-muted">{message.note}</p>
          <ContactForm sentByRedirect={loaderData.sent} />
        </section>
        <div className="space-y-8 lg:col-span-2">
          <ContactDetails words={loaderData.details} />
          <div className="rounded-3xl bg-teal-50 p-8">
            <h2 className="text-2xl font-semibold">{end.heading}</h2>
            <p className="mt-3 leading-relaxed">{end.text}</p>
            <Link to="/schedule" className="btn-primary mt-6">
              {end.button}
            </Link>
          </div>
        </div>
      </div>
    </>
  );
}
