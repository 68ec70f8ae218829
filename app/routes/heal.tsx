import { Check, MessageCircle } from "~/components/icons";
import { PageHeader } from "~/components/PageHeader";
import { Picture } from "~/components/Picture";
import { Markdown } from "~/components/Markdown";
import { pages } from "~/content/pages";
import { renderMarkdown } from "~/lib/markdown.server";
import { metaFor } from "~/lib/seo";
import { useSite, whatsappLink } from "~/lib/site";
import type { Route } from "./+types/heal";

export const meta = metaFor(pages.heal);

export function loader({ context }: Route.LoaderArgs) {
  const { howItWorks, search, ...heal } = context.content.heal;
  return {
    heal: {
      ...heal,
      howItWorks: howItWorks.map((s) => ({ title: s.title, html: renderMarkdown(s.body) })),
    },
    search,
  };
}

function DmUsHeal({ className = "" }: { className?: string }) {
  const site = useSite();
  // The WhatsApp catalogue from the contact details' social links, the same link the footer uses;
  // a chat with the practice when the catalogue link has been removed.
  const catalogueUrl = site.social.find((s) => s.name === "WhatsApp")?.url ?? whatsappLink(site);
  return (
    <a
      href={catalogueUrl}
      className={`btn-primary ${className}`}
      rel="noopener noreferrer"
      target="_blank"
    >
      <MessageCircle aria-hidden="true" className="size-5" />
      Dm us Heal
    </a>
  );
}

function ChatHeal({ className = "" }: { className?: string }) {
  const site = useSite();
  return (
    <a
      href={whatsappLink(site, "Heal")}
      className={`btn border-2 border-teal-100 text-white hover:bg-teal-900 ${className}`}
      rel="noopener noreferrer"
      target="_blank"
    >
      Send “Heal” in a chat<span className="sr-only"> on WhatsApp</span>
    </a>
  );
}

export default function Heal({ loaderData }: Route.ComponentProps) {
  const { heal } = loaderData;
  return (
    <>
      <PageHeader eyebrow={heal.top.eyebrow} title={heal.top.title}>
        <p>{heal.tagline}</p>
        <DmUsHeal className="mt-6" />
      </PageHeader>
      <div className="container-page grid gap-12 py-14 lg:grid-cols-3">
        <div className="space-y-4 text-lg leading-relaxed lg:col-span-2">
          <h2 className="text-3xl font-semibold">{heal.headings.whatItIs}</h2>
          {heal.intro.map((p) => (
            <p key={p.slice(0, 24)}>{p}</p>
          ))}
          <h2 className="pt-6 text-3xl font-semibold">{heal.headings.howItWorks}</h2>
          <ol className="grid gap-4 sm:grid-cols-2">
            {heal.howItWorks.map((step, i) => (
              <li
                key={step.title}
                className="rounded-2xl border border-linen bg-white p-5 text-base"
              >
                <p className="text-sm font-semibold text-clay-700">Step {i + 1}</p>
                <h3 className="mt-1 text-xl font-semibold">{step.title}</h3>
                <Markdown html={step.html} className="mt-2 text-muted" />
              </li>
            ))}
          </ol>
          <h2 className="pt-6 text-3xl font-semibold">{heal.headings.outcomes}</h2>
          <ul className="space-y-2 text-base">
            {heal.outcomes.map((o) => (
              <li key={o} className="flex gap-2">
                <Check aria-hidden="true" className="mt-1 size-5 shrink-0 text-teal-700" />
                {o}
              </li>
            ))}
          </ul>
        </div>
        <aside className="space-y-6" aria-label="Who it is for and how to start">
          <Picture
            image={heal.image.key}
            alt={heal.image.alt}
            sizes="(min-width: 1152px) 350px, (min-width: 1024px) 30vw, 100vw"
            className="block"
            imgClassName="aspect-[4/3] w-full rounded-3xl object-cover shadow-md"
          />
          <div className="rounded-2xl bg-teal-50 p-6">
            <h2 className="text-2xl font-semibold">{heal.headings.whoItIsFor}</h2>
            <ul className="mt-3 list-disc space-y-2 pl-5">
              {heal.whoItIsFor.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
          <div className="rounded-2xl bg-teal-800 p-6 text-teal-50">
            <h2 className="text-2xl font-semibold text-white">{heal.end.heading}</h2>
            <p className="mt-2">{heal.end.text}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <DmUsHeal />
              <ChatHeal />
            </div>
          </div>
        </aside>
      </div>
    </>
  );
}
