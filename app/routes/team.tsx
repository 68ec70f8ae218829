import { Link } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { Markdown } from "~/components/Markdown";
import { Picture } from "~/components/Picture";
import { pages } from "~/content/pages";
import { fillIn } from "~/lib/count-words";
import { renderMarkdown } from "~/lib/markdown.server";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/team";

export const meta = metaFor(pages.team);

export function loader({ context }: Route.LoaderArgs) {
  const { lead, members, top, intro, membersHeading, cta, search } = context.content.team;
  const withBio = ({ bio, ...m }: typeof lead) => ({ ...m, bioHtml: renderMarkdown(bio) });
  return {
    top,
    intro,
    membersHeading: fillIn(membersHeading, { name: lead.name }),
    cta,
    search,
    lead: withBio(lead),
    members: members.map(withBio),
  };
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { lead, members, top, intro, membersHeading, cta } = loaderData;
  return (
    <>
      <PageHeader eyebrow={top.eyebrow} title={top.title}>
        <p>{intro}</p>
      </PageHeader>
      <div className="container-page py-14">
        <section
          aria-labelledby="lead-heading"
          className="grid items-center gap-8 overflow-hidden rounded-3xl bg-teal-50 md:grid-cols-5"
        >
          <Picture
            image={lead.photo.key}
            alt={lead.photo.alt}
            sizes="(min-width: 1152px) 440px, (min-width: 768px) 38vw, 100vw"
            priority
            className="md:col-span-2"
            imgClassName="aspect-square h-full w-full object-cover md:aspect-[4/5]"
          />
          <div className="px-6 pb-8 md:col-span-3 md:py-8 md:pr-10 md:pl-0">
            <p className="eyebrow">{lead.title}</p>
            <h2 id="lead-heading" className="mt-2 text-3xl font-semibold sm:text-4xl">
              {lead.name}
            </h2>
            <p className="mt-1 font-semibold text-muted">{lead.post}</p>
            <Markdown html={lead.bioHtml} className="mt-4 text-lg leading-relaxed" />
          </div>
        </section>

        {members.length > 0 && <h2 className="mt-16 text-3xl font-semibold">{membersHeading}</h2>}
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {members.map((m) => (
            <li key={m.name} className="rounded-2xl border border-linen bg-white p-6 shadow-sm">
              <div className="flex items-center gap-4 lg:flex-col lg:items-start">
                <Picture
                  image={m.photo.key}
                  alt={m.photo.alt}
                  sizes="(min-width: 1024px) 128px, 96px"
                  className="block size-24 shrink-0 overflow-hidden rounded-full bg-sand lg:size-32"
                  imgClassName="size-full object-cover"
                />
                <div>
                  <h3 className="text-xl font-semibold">{m.name}</h3>
                  <p className="mt-1 font-semibold text-clay-700">{m.title}</p>
                  <p className="text-sm text-muted">{m.post}</p>
                </div>
              </div>
              <Markdown html={m.bioHtml} className="mt-4 leading-relaxed" />
            </li>
          ))}
        </ul>

        <div className="mt-14 rounded-3xl bg-teal-800 p-8 text-center text-teal-50 sm:p-10">
          <h2 className="text-3xl font-semibold text-white">{cta.heading}</h2>
          <p className="mx-auto mt-3 max-w-xl">{cta.text}</p>
          <Link to="/schedule" className="btn-primary mt-6">
            {cta.button}
          </Link>
        </div>
      </div>
    </>
  );
}
