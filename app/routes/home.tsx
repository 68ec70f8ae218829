import { Link } from "react-router";
import { Carousel } from "~/components/carousel/Carousel";
import { HomeHero } from "~/components/HomeHero";
import { JsonLd } from "~/components/JsonLd";
import { LinkCards } from "~/components/LinkCards";
import { TestimonialCard } from "~/components/TestimonialCard";
import { TestimonialList } from "~/components/TestimonialList";
import { VideoEmbed } from "~/components/VideoEmbed";
import { homeCta, homeVideo } from "~/content/home";
import { pages } from "~/content/pages";
import { TESTIMONIALS_WAIT_MS, deferUnlessQuick } from "~/lib/defer";
import { metaFor } from "~/lib/seo";
import { practiceJsonLd } from "~/lib/structured-data";
import type { Route } from "./+types/home";
import { keepPageAfterUnreachable } from "~/lib/forms/revalidate";

export const meta = metaFor(pages.home);

// A post that never reached the server changed nothing: the page stays as typed.
export const shouldRevalidate = keepPageAfterUnreachable;

export async function loader({ context }: Route.LoaderArgs) {
  // A slow sheet does not hold the page: past the wait, the carousel streams in afterwards.
  const { value } = await deferUnlessQuick(context.services.testimonials(), TESTIMONIALS_WAIT_MS);
  return {
    jsonLd: practiceJsonLd(context.siteUrl, context.content.site),
    home: context.content.home,
    testimonials: value,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home } = loaderData;
  return (
    <>
      <JsonLd data={loaderData.jsonLd} />
      <HomeHero home={home} />

      <section className="below-fold container-page py-16" aria-labelledby="featured-heading">
        <p className="eyebrow">Programmes</p>
        <h2 id="featured-heading" className="mt-2 text-3xl font-semibold sm:text-4xl">
          Featured programmes
        </h2>
        <LinkCards cards={home.featuredProgrammes} linkLabel="Learn more" columns={4} />
      </section>

      <section
        className="below-fold bg-teal-900 py-16 text-teal-50"
        aria-labelledby="video-heading"
      >
        <div className="container-page grid items-center gap-10 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <p className="text-sm font-semibold tracking-widest text-gold uppercase">Watch</p>
            <h2 id="video-heading" className="mt-2 text-3xl font-semibold text-white sm:text-4xl">
              {home.video.title}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-teal-100">{home.video.intro}</p>
          </div>
          <div className="lg:col-span-3">
            <VideoEmbed
              youtubeId={home.video.youtubeId}
              title={home.video.title}
              poster={homeVideo.poster}
            />
          </div>
        </div>
      </section>

      <section className="below-fold bg-teal-50 py-16" aria-labelledby="services-heading">
        <div className="container-page">
          <p className="eyebrow">Services</p>
          <h2 id="services-heading" className="mt-2 text-3xl font-semibold sm:text-4xl">
            How we can help
          </h2>
          <LinkCards cards={home.serviceTiles} linkLabel="See our services" columns={3} />
        </div>
      </section>

      <section className="below-fold container-page py-16" aria-labelledby="testimonials-heading">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="eyebrow">In their words</p>
            <h2 id="testimonials-heading" className="mt-2 text-3xl font-semibold sm:text-4xl">
              What our clients say
            </h2>
          </div>
          <Link to="/testimonials" className="btn-outline">
            Read all testimonials
          </Link>
        </div>
        <div className="mt-8">
          <TestimonialList testimonials={loaderData.testimonials}>
            {(list) => (
              <Carousel
                label="Client testimonials"
                delay={5000}
                slideClassName="basis-full md:basis-1/2 lg:basis-1/3"
              >
                {list.map((t) => (
                  <TestimonialCard key={`${t.name}-${t.review.slice(0, 20)}`} testimonial={t} />
                ))}
              </Carousel>
            )}
          </TestimonialList>
        </div>
      </section>

      <section className="below-fold bg-sand py-16" aria-labelledby="cta-heading">
        <div className="container-page text-center">
          <h2 id="cta-heading" className="text-3xl font-semibold sm:text-4xl">
            {home.cta.heading}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">{home.cta.text}</p>
          <Link to={homeCta.primary.to} className="btn-primary mt-8">
            {homeCta.primary.label}
          </Link>
        </div>
      </section>
    </>
  );
}
