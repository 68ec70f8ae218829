import { ChevronDown } from "~/components/icons";
import { Markdown } from "./Markdown";

/**
 * The questions as an accordion: one answer open at a time, and pressing the open question closes
 * it; the arrow keys move between questions. React writes the markup only, every answer included;
 * app/enhance/accordion.ts opens and closes them (docs/decisions/017). Without JavaScript every
 * answer is shown (app.css).
 */
export function FaqAccordion({ items }: { items: { question: string; answerHtml: string }[] }) {
  return (
    <div className="space-y-3" data-accordion="">
      {items.map((f, i) => {
        const id = `faq-${i + 1}`;
        return (
          <div
            key={f.question}
            className="rounded-2xl border border-linen bg-white shadow-sm has-[[aria-expanded=true]]:border-teal-700"
          >
            <h2 className="font-sans text-lg">
              <button
                type="button"
                id={`${id}-question`}
                aria-expanded="false"
                aria-controls={`${id}-answer`}
                data-accordion-trigger=""
                className="group flex w-full items-center justify-between gap-4 rounded-2xl p-5 text-left font-semibold text-teal-900 hover:bg-teal-50"
              >
                {f.question}
                <ChevronDown
                  aria-hidden="true"
                  className="js-only size-5 shrink-0 text-clay-600 transition-transform group-aria-expanded:rotate-180"
                />
              </button>
            </h2>
            <div
              id={`${id}-answer`}
              role="region"
              aria-labelledby={`${id}-question`}
              data-state="closed"
              className="accordion-panel px-5 pb-5 leading-relaxed text-muted data-[state=closed]:hidden"
            >
              <Markdown html={f.answerHtml} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
