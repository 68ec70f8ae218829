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
  const { search, ...home } = context.content.home;
  return {
    jsonLd: practiceJsonLd(context.siteUrl, context.content.site),
    home,
    search,
    testimonials: value,
    noTestimonials: context.content.testimonials.empty.text,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home } = loaderData;
  return (
    <>
      <JsonLd data={loaderData.jsonLd} />
      <HomeHero home={home} />

      <section className="below-fold container-page py-16" aria-labelledby="featured-heading">
        <p className="eyebrow">{home.featuredHeading.eyebrow}</p>
        <h2 id="featured-heading" className="mt-2 text-3xl font-semibold sm:text-4xl">
          {home.featuredHeading.heading}
        </h2>
        <LinkCards
          cards={home.featuredProgrammes}
          linkLabel={home.featuredHeading.link}
          columns={4}
        />
      </section>

      <section
        className="below-fold bg-teal-900 py-16 text-teal-50"
        aria-labelledby="video-heading"
      >
        <div className="container-page grid items-center gap-10 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <p className="text-sm font-semibold tracking-widest text-gold uppercase">
              {home.video.eyebrow}
            </p>
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
          <p className="eyebrow">{home.servicesHeading.eyebrow}</p>
          <h2 id="services-heading" className="mt-2 text-3xl font-semibold sm:text-4xl">
            {home.servicesHeading.heading}
          </h2>
          <LinkCards cards={home.serviceTiles} linkLabel={home.servicesHeading.link} columns={3} />
        </div>
      </section>

      <section className="below-fold container-page py-16" aria-labelledby="testimonials-heading">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="eyebrow">{home.testimonialsHeading.eyebrow}</p>
            <h2 id="testimonials-heading" className="mt-2 text-3xl font-semibold sm:text-4xl">
              {home.testimonialsHeading.heading}
            </h2>
          </div>
          <Link to="/testimonials" className="btn-outline">
            {home.testimonialsHeading.button}
          </Link>
        </div>
        <div className="mt-8">
          <TestimonialList testimonials={loaderData.testimonials} empty={loaderData.noTestimonials}>
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
            {home.cta.button}
          </Link>
        </div>
      </section>
    </>
  );
}
