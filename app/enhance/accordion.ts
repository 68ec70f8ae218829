import { isExpanded, keyTarget, setExpanded, targetOf } from "./disclosure";

const TRIGGER = "[data-accordion-trigger]";

/**
 * The FAQ accordion (components/FaqAccordion.tsx): one answer open at a time, pressing the open
 * question closes it, and the arrow keys, Home and End move between the questions.
 */
export function wireAccordions(): void {
  const triggersOf = (trigger: Element) => [
    ...(trigger.closest("[data-accordion]")?.querySelectorAll<HTMLElement>(TRIGGER) ?? []),
  ];

  document.addEventListener("click", (event) => {
    const trigger = targetOf(event)?.closest(TRIGGER);
    if (!trigger) return;
    const open = isExpanded(trigger);
    for (const other of triggersOf(trigger)) if (isExpanded(other)) setExpanded(other, false);
    setExpanded(trigger, !open);
  });

  document.addEventListener("keydown", (event) => {
    const trigger = targetOf(event)?.closest(TRIGGER);
    if (!trigger) return;
    const next = keyTarget(
      triggersOf(trigger),
      trigger as HTMLElement,
      event.key,
      "ArrowUp",
      "ArrowDown",
    );
    if (!next) return;
    event.preventDefault();
    next.focus();
  });
}
