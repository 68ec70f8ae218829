import { useSite } from "~/lib/site";
import { BrandIcon } from "./BrandIcons";

/**
 * The practice's social pages, from `practice.social`: their names in the footer, icon and name
 * side by side on the contact page. The footer is on every page, and the six logos' drawings were
 * 0.7 KB brotli of each page's first flight on a slow line (docs/decisions/037); a name is read
 * at a glance by everyone, and by a screen reader as it is.
 */
export function SocialLinks({ variant }: { variant: "footer" | "page" }) {
  const site = useSite();
  if (variant === "footer") {
    return (
      <ul className="mt-3 flex flex-wrap gap-2">
        {site.social.map((s) => (
          <li key={s.name}>
            <a
              href={s.url}
              rel="noopener noreferrer"
              target="_blank"
              className="flex min-h-11 items-center rounded-full border border-teal-700 px-4 text-sm font-semibold text-teal-50 no-underline hover:bg-teal-900 focus-visible:outline-gold"
            >
              {s.name}
            </a>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="mt-3 grid grid-cols-2 gap-2">
      {site.social.map((s) => (
        <li key={s.name}>
          <a
            href={s.url}
            aria-label={s.label}
            rel="noopener noreferrer"
            target="_blank"
            className="flex min-h-11 items-center gap-2.5 rounded-xl border border-linen bg-white px-3 py-2 font-semibold text-teal-800 hover:border-teal-700 hover:bg-teal-50"
          >
            <BrandIcon name={s.name} className="size-5 shrink-0 text-clay-600" />
            {s.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
