import { ArrowRight } from "~/components/icons";
import { Link } from "react-router";
import type { SiteContent } from "~/content/documents";

type LinkCard = SiteContent["home"]["serviceTiles"][number];
import { Picture } from "./Picture";

/**
 * Cards with a picture, a title, a sentence and one link each. The whole card is clickable (the
 * link's area is stretched over it) while the accessible name stays the link's own words.
 */
export function LinkCards({
  cards,
  linkLabel,
  columns,
}: {
  cards: LinkCard[];
  /** the visible link text; the card's title is added for screen readers */
  linkLabel: string;
  columns: 3 | 4;
}) {
  const grid = columns === 4 ? "sm:grid-cols-2 lg:grid-cols-4" : "md:grid-cols-3";
  const sizes =
    columns === 4
      ? "(min-width: 1152px) 260px, (min-width: 1024px) 22vw, (min-width: 640px) 45vw, 40vw"
      : "(min-width: 1152px) 350px, (min-width: 768px) 30vw, (min-width: 640px) 100vw, 40vw";
  return (
    <ul className={`mt-8 grid gap-6 ${grid}`}>
      {cards.map((card) => (
        <li
          key={card.title}
          className="group relative flex overflow-hidden rounded-2xl border border-linen bg-white shadow-sm transition-shadow hover:shadow-md sm:flex-col"
        >
          {/* Phones: picture beside the words, so four cards do not fill four screens. */}
          <Picture
            image={card.image.key}
            alt={card.image.alt}
            sizes={sizes}
            className="block w-2/5 shrink-0 sm:w-auto"
            imgClassName="h-full w-full object-cover sm:aspect-[3/2] sm:h-auto"
          />
          <div className="flex flex-1 flex-col p-4 sm:p-6">
            <h3 className="text-lg font-semibold sm:text-xl">{card.title}</h3>
            <p className="mt-2 flex-1 text-muted">{card.text}</p>
            <Link
              to={card.to}
              className="mt-4 inline-flex items-center gap-1 font-semibold text-clay-700 after:absolute after:inset-0 after:content-[''] group-hover:underline"
            >
              {linkLabel}
              <span className="sr-only"> about {card.title}</span>
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
