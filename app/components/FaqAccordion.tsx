import { ChevronDown } from "lucide-react";
import { Accordion } from "radix-ui";
import type { FaqItem } from "~/content/types";

/**
 * The questions as a Radix accordion: one answer open at a time, and pressing the open question
 * closes it. Radix renders an answer only while it is open, so each answer is also written in a
 * <noscript> for readers without JavaScript (every answer is in the server's HTML).
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <Accordion.Root type="single" collapsible className="space-y-3">
      {items.map((f, i) => (
        <Accordion.Item
          key={f.question}
          value={`faq-${i + 1}`}
          className="rounded-2xl border border-linen bg-white shadow-sm data-[state=open]:border-teal-700"
        >
          <Accordion.Header asChild>
            <h2 className="font-sans text-lg">
              <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 rounded-2xl p-5 text-left font-semibold text-teal-900 hover:bg-teal-50">
                {f.question}
                <ChevronDown
                  aria-hidden="true"
                  className="js-only size-5 shrink-0 text-clay-600 transition-transform group-data-[state=open]:rotate-180"
                />
              </Accordion.Trigger>
            </h2>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 leading-relaxed text-muted">
            <p>{f.answer}</p>
          </Accordion.Content>
          <noscript>
            <p className="px-5 pb-5 leading-relaxed text-muted">{f.answer}</p>
          </noscript>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
