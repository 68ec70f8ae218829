import { targetOf } from "./disclosure";

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
    const all = tabsOf(tab);
    const i = all.indexOf(tab);
    const next = {
      ArrowRight: all[(i + 1) % all.length],
      ArrowLeft: all[(i - 1 + all.length) % all.length],
      Home: all[0],
      End: all[all.length - 1],
    }[event.key];
    if (!next) return;
    event.preventDefault();
    next.focus();
    select(next);
  });
}
