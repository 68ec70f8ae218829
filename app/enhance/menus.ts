import { isExpanded, setExpanded, targetOf } from "./disclosure";

/**
 * The phone menu (with its groups) and the desktop dropdowns (WAI-ARIA disclosure navigation):
 * the markup is React's (components/MobileMenu.tsx, NavDropdown.tsx), the behaviour is here, by
 * listeners on the document, so it works before React, without React, and after React renders
 * the header again.
 */
export function wireMenus(): void {
  /** the dropdown the pointer opened: a click on its button then keeps it open */
  let openedByHover: Element | null = null;
  /** focus going back to a button that Escape closed must not open it again */
  let returningFocus = false;

  const menuToggle = () => document.querySelector<HTMLButtonElement>("[data-menu-toggle]");
  const dropdownButton = (dropdown: Element) =>
    dropdown.querySelector<HTMLButtonElement>(":scope > button");

  const setMenu = (open: boolean) => {
    const toggle = menuToggle();
    if (!toggle) return;
    setExpanded(toggle, open);
    toggle.setAttribute("aria-label", open ? "Close menu" : "Open menu");
  };
  const setDropdown = (dropdown: Element, open: boolean) => {
    const button = dropdownButton(dropdown);
    if (button) setExpanded(button, open);
    if (!open && openedByHover === dropdown) openedByHover = null;
  };
  const closeAll = () => {
    setMenu(false);
    document.querySelectorAll("[data-dropdown]").forEach((d) => setDropdown(d, false));
  };

  document.addEventListener("click", (event) => {
    const target = targetOf(event);
    if (!target) return;
    const toggle = target.closest("[data-menu-toggle]");
    if (toggle) return setMenu(!isExpanded(toggle));
    const group = target.closest("[data-disclosure]");
    if (group) return setExpanded(group, !isExpanded(group));
    const dropdown = target.closest("[data-dropdown]");
    const button = dropdown && dropdownButton(dropdown);
    if (dropdown && button?.contains(target)) {
      if (isExpanded(button) && openedByHover === dropdown) openedByHover = null;
      else setDropdown(dropdown, !isExpanded(button));
      return;
    }
    // A link in a menu leads elsewhere: the menu has done its work.
    if (target.closest("a") && target.closest("#mobile-menu, [data-dropdown]")) closeAll();
  });

  document.addEventListener("mouseover", (event) => {
    const dropdown = targetOf(event)?.closest("[data-dropdown]");
    if (!dropdown || dropdown.contains(event.relatedTarget as Node | null)) return;
    const button = dropdownButton(dropdown);
    if (!button || isExpanded(button)) return;
    openedByHover = dropdown;
    setDropdown(dropdown, true);
  });
  document.addEventListener("mouseout", (event) => {
    const dropdown = targetOf(event)?.closest("[data-dropdown]");
    if (!dropdown || dropdown.contains(event.relatedTarget as Node | null)) return;
    setDropdown(dropdown, false);
  });

  // Keyboard focus (not a click) on a dropdown's button opens it; focus leaving it closes it.
  document.addEventListener("focusin", (event) => {
    const target = targetOf(event);
    const dropdown = target?.closest("[data-dropdown]");
    if (returningFocus || !target || !dropdown || target !== dropdownButton(dropdown)) return;
    if (target.matches(":focus-visible")) setDropdown(dropdown, true);
  });
  document.addEventListener("focusout", (event) => {
    const dropdown = targetOf(event)?.closest("[data-dropdown]");
    if (dropdown && !dropdown.contains(event.relatedTarget as Node | null))
      setDropdown(dropdown, false);
  });

  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const dropdown = targetOf(event)?.closest("[data-dropdown]");
    const button = dropdown && dropdownButton(dropdown);
    if (dropdown && button && isExpanded(button)) {
      setDropdown(dropdown, false);
      returningFocus = true;
      button.focus();
      returningFocus = false;
      return;
    }
    const toggle = menuToggle();
    if (toggle && isExpanded(toggle)) {
      setMenu(false);
      toggle.focus();
    }
  });

  // React Router changed the page without a load: the menus close, as on any navigation.
  document.addEventListener("site:navigate", closeAll);

  // A keyboard user who reached a dropdown's button before this script came finds it open now.
  const focused = document.activeElement;
  const early = focused?.closest("[data-dropdown]");
  if (early && focused && focused === dropdownButton(early) && focused.matches(":focus-visible"))
    setDropdown(early, true);
}
