import { keyTarget, targetOf } from "./disclosure";

const TAB = '[role="tab"]';

/**
 * Tabs React wrote (components/ServiceTabs.tsx): a click or the arrow keys, Home and End select a
 * tab and show its panel (automatic activation, as the WAI-ARIA tabs pattern). The state is the
 * tabs' `aria-selected` and the panels' `data-state`, which app.css hides while "inactive".
 */
export function wireTabs(): void {
  const tabsOf = (tab: Element) => [
    ...(tab.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>(TAB) ?? []),
  ];
  const select = (tab: HTMLElement) => {
    for (const other of tabsOf(tab)) {
      const on = other === tab;
      other.setAttribute("aria-selected", String(on));
      other.tabIndex = on ? 0 : -1;
      other.dataset.state = on ? "active" : "inactive";
      const panel = document.getElementById(other.getAttribute("aria-controls") ?? "");
      if (panel) panel.dataset.state = on ? "active" : "inactive";
    }
  };

  document.addEventListener("click", (event) => {
    const tab = targetOf(event)?.closest<HTMLElement>(TAB);
    if (tab) select(tab);
  });
  document.addEventListener("keydown", (event) => {
    const tab = targetOf(event)?.closest<HTMLElement>(TAB);
    if (!tab) return;
    const next = keyTarget(tabsOf(tab), tab, event.key, "ArrowLeft", "ArrowRight");
    if (!next) return;
    event.preventDefault();
    next.focus();
    select(next);
  });
}
