import { Link } from "react-router";
import { PageHeader } from "~/components/PageHeader";
import { Picture } from "~/components/Picture";
import { pages } from "~/content/pages";
import { fillIn, withCount } from "~/lib/count-words";
import { hiddenThreadDescription } from "~/lib/page-descriptions";
import { metaFor } from "~/lib/seo";
import { storyDay } from "~/lib/stories";
import { webinarView } from "~/lib/webinar";
import type { Route } from "./+types/hidden-thread";

export const meta = metaFor(pages.hiddenThread);

export function loader({ context }: Route.LoaderArgs) {
  const { webinar, stories, intro, open, closed, search } = context.content.hiddenThread;
  const view = webinarView(webinar, new Date());
  return {
    webinar: view,
    stories: stories.map(({ email: _email, ...s }) => ({ ...s, day: storyDay(s.id) })),
    intro: withCount(intro, stories.length),
    after: view.open ? fillIn(open.text, { day: view.day }) : closed.text,
    nextDateButton: closed.button,
    search: {
      title: search.title,
      description: search.description || hiddenThreadDescription(view, stories.length),
    },
  };
}

export default function HiddenThread({ loaderData }: Route.ComponentProps) {
  const { webinar, stories, intro, after, nextDateButton } = loaderData;
  return (
    <>
      <PageHeader
        eyebrow={webinar.open ? `Free webinar · ${webinar.day}` : "Free webinar"}
        title={webinar.title}
      >
        <p>
          {intro} {after}
        </p>
        {webinar.open ? (
          <a
            href={webinar.registrationUrl}
            className="btn-primary mt-6"
            rel="noopener noreferrer"
            target="_blank"
          >
            Register now
          </a>
        ) : (
          <Link to="/newsletter" className="btn-primary mt-6">
            {nextDateButton}
          </Link>
        )}
      </PageHeader>
      <div className="container-page py-14">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {stories.map((story, i) => (
            <li
              key={story.id}
              className="flex flex-col overflow-hidden rounded-2xl border border-linen bg-white shadow-sm"
            >
              <Picture
                image={story.image.key}
                alt={story.image.alt}
                // The first story's picture is the largest thing in a phone's first view.
                priority={i === 0}
                sizes="(min-width: 1152px) 350px, (min-width: 1024px) 30vw, (min-width: 768px) 45vw, 100vw"
                imgClassName="aspect-[3/2] w-full object-cover"
              />
              <div className="flex flex-1 flex-col p-6">
                <p className="eyebrow">Day {story.day}</p>
                <h2 className="mt-2 text-2xl font-semibold">{story.title}</h2>
                <p className="mt-2 flex-1 text-muted">{story.teaser}</p>
                <div className="mt-5 flex flex-wrap gap-3">
                  <Link to={`/hidden-thread/${story.id}`} className="btn-secondary px-4">
                    Read the Full Story<span className="sr-only">: Day {story.day}</span>
                  </Link>
                  {webinar.open && (
                    <a
                      href={webinar.registrationUrl}
                      className="btn-outline px-4"
                      rel="noopener noreferrer"
                      target="_blank"
                    >
                      Register now<span className="sr-only">: {webinar.title}</span>
                    </a>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
