import { ChevronDown } from "lucide-react";
import { useId, useRef, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { type NavGroup, isActivePath, isGroupActive } from "~/content/nav";

/**
 * A desktop disclosure menu (WAI-ARIA disclosure navigation pattern, not role=menu): opens on
 * hover and on keyboard focus, toggles with Enter/Space, closes with Escape, on leaving, and on
 * navigation. Without JavaScript, CSS opens the same panel on hover and focus (app.css).
 */
export function NavDropdown({ group }: { group: NavGroup }) {
  const { pathname } = useLocation();
  // Remember the page the menu was opened on: navigating elsewhere closes it by itself.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean | ((was: boolean) => boolean)) =>
    setOpenOn((was) =>
      (typeof next === "function" ? next(was === pathname) : next) ? pathname : null,
    );
  // Opened by the pointer hovering: a click then keeps it open instead of closing it.
  const openedByHover = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const active = isGroupActive(group, pathname);

  return (
    // The wrapper only observes hover, focus leaving and Escape; the button is the control.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={rootRef}
      className="nav-dropdown relative"
      onMouseEnter={() => {
        openedByHover.current = !open;
        setOpen(true);
      }}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        className={`flex min-h-11 items-center gap-1 rounded-md px-3 py-2 font-medium whitespace-nowrap hover:text-clay-700 ${
          active ? "text-clay-700" : "text-ink"
        }`}
        onFocus={(event) => {
          if (event.currentTarget.matches(":focus-visible")) setOpen(true);
        }}
        onClick={() => {
          if (open && openedByHover.current) openedByHover.current = false;
          else setOpen((o) => !o);
        }}
      >
        {group.label}
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform ${open ? "rotate-180" : ""}`}
        />
      </button>
      <div
        id={panelId}
        className={`nav-dropdown-panel absolute top-full left-0 z-50 min-w-56 pt-2 ${
          open ? "block" : "hidden"
        }`}
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
