import { ArrowLeft } from "~/components/icons";
import { Link, data } from "react-router";
import { Picture } from "~/components/Picture";
import { StoryEmail } from "~/components/StoryEmail";
import { countWord, fillIn } from "~/lib/count-words";
import { seoMeta, siteUrlFrom } from "~/lib/seo";
import { storyDay } from "~/lib/stories";
import { webinarView } from "~/lib/webinar";
import type { Route } from "./+types/hidden-thread-story";
import { keepPageAfterUnreachable } from "~/lib/forms/revalidate";

// A post that never reached the server changed nothing: the page stays as typed.
export const shouldRevalidate = keepPageAfterUnreachable;

export function loader({ params, context }: Route.LoaderArgs) {
  const { webinar, stories, open, closed } = context.content.hiddenThread;
  const story = stories.find((s) => s.id === params.id);
  const total = stories.length;
  if (!story) return data({ story: null, total }, { status: 404 });
  return {
    story: { ...story, day: storyDay(story.id) },
    total,
    webinar: webinarView(webinar, new Date()),
    words: {
      registration: open.registration,
      link: fillIn(open.link, { webinar: webinar.title }),
      closed: fillIn(closed.storyNote, { webinar: webinar.title }),
    },
    nextDateButton: closed.button,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const story = loaderData?.story;
  const siteUrl = siteUrlFrom(matches);
  if (!story) {
    return [
      { title: "Story not found | The Hidden Thread" },
      { name: "robots", content: "noindex" },
    ];
  }
  return seoMeta({
    title: `Day ${story.day}: ${story.title} | The Hidden Thread`,
    description: story.teaser,
    path: `/hidden-thread/${story.id}`,
    siteUrl,
  });
}

export default function Story({ loaderData }: Route.ComponentProps) {
  const { story, total } = loaderData;
  const back = (
    <Link
      to="/hidden-thread"
      className="inline-flex items-center gap-2 font-semibold text-teal-800"
    >
      <ArrowLeft aria-hidden="true" className="size-4" /> Back to Stories
    </Link>
  );
  if (!story) {
    return (
      <section className="container-page py-20 text-center">
        <h1 className="text-3xl font-semibold">Story not found.</h1>
        <p className="mx-auto mt-4 max-w-xl text-muted">
          There are {countWord(total)} stories in The Hidden Thread, from Day 1 to Day {total}. This
          one does not exist.
        </p>
        <p className="mt-6">{back}</p>
      </section>
    );
  }
  return (
    <article className="container-page max-w-3xl py-12">
      {back}
      <p className="eyebrow mt-8">
        Day {story.day} of {total}
      </p>
      <h1 className="mt-2 text-4xl font-semibold sm:text-5xl">{story.title}</h1>
      <Picture
        image={story.image.key}
        alt={story.image.alt}
        sizes="(min-width: 768px) 720px, calc(100vw - 2rem)"
        priority
        className="mt-8 block"
        imgClassName="aspect-video w-full rounded-3xl object-cover shadow-md"
      />
      <div className="mt-8">
        <StoryEmail email={story.email} webinar={loaderData.webinar!} words={loaderData.words!} />
      </div>
      {loaderData.webinar?.open ? (
        <a
          href={loaderData.webinar.registrationUrl}
          className="btn-primary mt-10"
          rel="noopener noreferrer"
          target="_blank"
        >
          Register now
        </a>
      ) : (
        <div className="mt-10">
          <Link to="/newsletter" className="btn-primary">
            {loaderData.nextDateButton}
          </Link>
        </div>
      )}
    </article>
  );
}
