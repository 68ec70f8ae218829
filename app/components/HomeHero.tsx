import { Link } from "react-router";
import type { SiteContent } from "~/content/documents";
import { HERO_ON_PHONES_FIRST, hero as links } from "~/content/home";
import { practice } from "~/content/site";
import { Carousel } from "./carousel/Carousel";
import { HeroVideo } from "./HeroVideo";
import { Picture } from "./Picture";

/**
 * The home page's opening: the message and its two links, then pictures. Phones get a banner
 * slider (every 4 seconds); wide screens get one still picture with the counsellor's words beneath it.
 */
export function HomeHero({ home }: { home: Pick<SiteContent["home"], "hero" | "banners"> }) {
  const { hero } = home;
  // The practice may let the hero photo serve phones too, as the first slide (without a caption:
  // the heading above already says what the page is).
  const slides: { image: { key: string; alt: string }; caption?: string }[] =
    hero.onPhones === HERO_ON_PHONES_FIRST
      ? [{ image: hero.poster }, ...home.banners]
      : home.banners;
  return (
    <section className="bg-sand" aria-labelledby="hero-heading">
      <div className="container-page grid items-center gap-10 py-10 sm:py-14 lg:grid-cols-2 lg:py-20">
        <div>
          <p className="eyebrow">{hero.eyebrow}</p>
          <h1
            id="hero-heading"
            className="mt-3 text-4xl leading-tight font-semibold sm:text-5xl lg:text-6xl"
          >
            {hero.heading}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted">{hero.text}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={links.primary.to} className="btn-primary">
              {links.primary.label}
            </Link>
            <Link to={links.heal.to} className="btn-outline">
              {links.heal.label}
            </Link>
          </div>
        </div>

        <div className="min-w-0 lg:hidden">
          <Carousel label="Highlights" delay={4000} firstPictureFirst>
            {slides.map((banner, i) => (
              // The caption carries the dark colour, not the figure: behind the picture it showed
              // through the anti-aliased rounded corners as faint dark lines.
              <figure key={`${i}-${banner.image.key}`} className="overflow-hidden rounded-3xl">
                <Picture
                  image={banner.image.key}
                  alt={banner.image.alt}
                  sizes="(min-width: 1152px) 1088px, calc(100vw - 2rem)"
                  priority={i === 0}
                  imgClassName="aspect-[3/2] w-full object-cover"
                />
                {banner.caption && (
                  <figcaption className="bg-teal-800 px-5 py-3 font-semibold text-white">
                    {banner.caption}
                  </figcaption>
                )}
              </figure>
            ))}
          </Carousel>
        </div>

        {/* The counsellor's words sit under the picture, never over the people in it. */}
        <figure className="relative hidden lg:block">
          <div className="relative">
            <Picture
              image={hero.poster.key}
              alt={hero.poster.alt}
              sizes="(min-width: 1152px) 544px, 45vw"
              className="block"
              imgClassName="h-auto w-full rounded-3xl shadow-lg"
            />
            <HeroVideo />
          </div>
          <blockquote className="relative mt-5 ml-auto max-w-md rounded-2xl bg-teal-800 px-6 py-5 text-teal-50 shadow-xl before:absolute before:-top-2 before:right-16 before:size-4 before:rotate-45 before:bg-teal-800 before:content-['']">
            <p className="font-display text-lg leading-snug font-semibold text-white">
              “{hero.quote}”
            </p>
            <footer className="mt-3 text-sm text-teal-100">
              {practice.leadCounsellor}, Lead Counsellor
            </footer>
          </blockquote>
        </figure>
      </div>
    </section>
  );
}
