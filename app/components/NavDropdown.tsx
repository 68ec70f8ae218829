import { InlineChevronDown as ChevronDown } from "~/components/icons";
import { useId } from "react";
import { NavLink, useLocation } from "react-router";
import { type NavGroup, isActivePath, isGroupActive } from "~/content/nav";

/**
 * A desktop disclosure menu (WAI-ARIA disclosure navigation pattern, not role=menu): opens on
 * hover and on keyboard focus, toggles with Enter/Space, closes with Escape, on leaving, and on
 * navigation. React writes the markup only; app/enhance/menus.ts opens and closes it on every page
 * (docs/decisions/017). Without JavaScript, CSS opens the same panel on hover and focus (app.css).
 */
export function NavDropdown({ group }: { group: NavGroup }) {
  const { pathname } = useLocation();
  const panelId = useId();
  const active = isGroupActive(group, pathname);

  return (
    <div className="nav-dropdown relative" data-dropdown="">
      <button
        type="button"
        aria-expanded="false"
        aria-controls={panelId}
        className={`group flex min-h-11 items-center gap-1 rounded-md px-3 py-2 font-medium whitespace-nowrap hover:text-clay-700 ${
          active ? "text-clay-700" : "text-ink"
        }`}
      >
        {group.label}
        <ChevronDown
          aria-hidden="true"
          className="size-4 transition-transform group-aria-expanded:rotate-180"
        />
      </button>
      <div
        id={panelId}
        data-state="closed"
        className="nav-dropdown-panel absolute top-full left-0 z-50 min-w-56 pt-2 data-[state=closed]:hidden"
      >
        <ul className="rounded-xl border border-linen bg-white p-2 shadow-lg">
          {group.items.map((item) => (
            <li key={item.path}>
              <NavLink
                to={item.path}
                aria-current={isActivePath(item.path, pathname) ? "page" : undefined}
                className="block rounded-lg px-3 py-2.5 text-ink no-underline hover:bg-teal-50 aria-[current=page]:bg-teal-50 aria-[current=page]:font-semibold aria-[current=page]:text-clay-700"
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
