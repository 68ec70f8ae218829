import {
  InlineChevronDown as ChevronDown,
  InlineMenu as Menu,
  InlineX as X,
} from "~/components/icons";
import { useId } from "react";
import { Link, useLocation } from "react-router";
import {
  type NavGroup,
  bookButton,
  isActivePath,
  isGroupActive,
  mobileNav,
  scheduleButton,
} from "~/content/nav";
import { useSite } from "~/lib/site";

const linkClass =
  "block rounded-lg px-3 py-3 text-lg text-ink no-underline hover:bg-teal-50 aria-[current=page]:bg-teal-50 aria-[current=page]:font-semibold aria-[current=page]:text-clay-700";

/**
 * The phone menu: a toggle button, and groups that expand on click. Closes on navigation and
 * Escape. React writes the markup only; opening and closing is app/enhance/menus.ts, on every page
 * (docs/decisions/017). Without JavaScript the "Menu" link opens the panel as an in-page target.
 */
export function MobileMenu() {
  const { pathname } = useLocation();
  const { menu } = useSite();
  const schedule = scheduleButton(menu);
  const book = bookButton(menu);
  const panelId = "mobile-menu";

  // `flex`: a box of the button's own height. As a line of text, it was 6 px taller while the
  // button's icons were still arriving, and the button moved down 3 px when they came.
  return (
    <div className="flex xl:hidden">
      <button
        type="button"
        data-menu-toggle=""
        className="js-only group inline-flex size-11 items-center justify-center rounded-full text-teal-900 hover:bg-teal-50"
        aria-expanded="false"
        aria-controls={panelId}
        aria-label="Open menu"
      >
        <Menu aria-hidden="true" className="size-6 group-aria-expanded:hidden" />
        <X aria-hidden="true" className="hidden size-6 group-aria-expanded:block" />
      </button>
      <a
        href={`#${panelId}`}
        className="nojs-only min-h-11 items-center rounded-full px-3 font-semibold text-teal-900"
      >
        Menu
      </a>
      <nav
        id={panelId}
        aria-label="Mobile"
        data-state="closed"
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-linen bg-cream shadow-lg data-[state=closed]:hidden"
      >
        <ul className="container-page space-y-1 py-4">
          {mobileNav(menu).map((entry) =>
            entry.kind === "link" ? (
              <li key={entry.link.path}>
                <Link
                  to={entry.link.path}
                  className={linkClass}
                  aria-current={isActivePath(entry.link.path, pathname) ? "page" : undefined}
                >
                  {entry.link.label}
                </Link>
              </li>
            ) : (
              <MobileGroup key={entry.group.id} group={entry.group} pathname={pathname} />
            ),
          )}
        </ul>
        <div className="container-page flex flex-col gap-3 pb-6 sm:flex-row">
          <Link to={schedule.path} className="btn-primary">
            {schedule.label}
          </Link>
          <Link to={book.path} className="btn-outline">
            {book.label}
          </Link>
        </div>
      </nav>
    </div>
  );
}

/** A group of the phone menu, expanded from the start when it holds the current page. */
function MobileGroup({ group, pathname }: { group: NavGroup; pathname: string }) {
  const active = isGroupActive(group, pathname);
  const id = useId();
  return (
    <li>
      <button
        type="button"
        data-disclosure=""
        aria-expanded={active}
        aria-controls={id}
        className={`group flex w-full items-center justify-between rounded-lg px-3 py-3 text-left text-lg hover:bg-teal-50 ${
          active ? "font-semibold text-clay-700" : "text-ink"
        }`}
      >
        {group.label}
        <ChevronDown
          aria-hidden="true"
          className="size-5 transition-transform group-aria-expanded:rotate-180"
        />
      </button>
      <ul
        id={id}
        data-state={active ? "open" : "closed"}
        className="mobile-group-panel ml-4 border-l-2 border-linen pl-2 data-[state=closed]:hidden"
      >
        {group.items.map((item) => (
          <li key={item.path}>
            <Link
              to={item.path}
              className={linkClass}
              aria-current={isActivePath(item.path, pathname) ? "page" : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
