import { Link, useLocation } from "react-router";
import { bookButton, desktopContactButton, desktopNav, isActivePath } from "~/content/nav";
import { practice } from "~/content/site";
import { useSite } from "~/lib/site";
import { LogoMark } from "./Logo";
import { MobileMenu } from "./MobileMenu";
import { NavDropdown } from "./NavDropdown";

/**
 * The sticky bar. Whether the page is scrolled more than 10 px is `data-scrolled`, kept by the
 * site's small script (app/enhance/header.ts) on every page, with React or without.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const { menu } = useSite();
  const contactButton = desktopContactButton(menu);
  const book = bookButton(menu);

  return (
    <header
      data-scrolled="false"
      className="sticky top-0 z-40 border-b border-transparent bg-cream transition-[background-color,box-shadow,border-color] duration-200 data-[scrolled=true]:border-linen data-[scrolled=true]:bg-white/95 data-[scrolled=true]:shadow-md data-[scrolled=true]:backdrop-blur"
    >
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to main content
      </a>
      <div className="container-page relative flex h-16 items-center justify-between gap-4 lg:h-20">
        <Link to="/" className="flex items-center gap-2.5 no-underline">
          <LogoMark className="size-9 shrink-0 lg:size-10" />
          <span className="font-display text-lg leading-tight font-semibold text-teal-900 lg:text-xl">
            {practice.shortName}
            <span className="block text-xs tracking-wide text-muted"> Counselling</span>
            <span className="sr-only">, home</span>
          </span>
        </Link>

        {/* Desktop links from 1280 px: below that, "Heal Program" and the two buttons wrap (measured
            with Chromium's default Linux fonts), so the menu button serves up to 1279 px. */}
        <nav aria-label="Main" className="hidden xl:block">
          <ul className="flex items-center gap-1 xl:gap-2">
            {desktopNav(menu).map((entry) =>
              entry.kind === "link" ? (
                <li key={entry.link.path}>
                  <Link
                    to={entry.link.path}
                    aria-current={isActivePath(entry.link.path, pathname) ? "page" : undefined}
                    className="block rounded-md px-3 py-2 font-medium whitespace-nowrap text-ink no-underline hover:text-clay-700 aria-[current=page]:text-clay-700 aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-8"
                  >
                    {entry.link.label}
                  </Link>
                </li>
              ) : (
                <li key={entry.group.id}>
                  <NavDropdown group={entry.group} />
                </li>
              ),
            )}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 xl:flex">
          <Link to={contactButton.path} className="btn-outline px-4 py-2 whitespace-nowrap">
            {contactButton.label}
          </Link>
          <Link to={book.path} className="btn-primary px-4 py-2 whitespace-nowrap">
            {book.label}
          </Link>
        </div>

        <MobileMenu />
      </div>
    </header>
  );
}
