import { Brain, Heart, type Icon, Sparkles, User, Users } from "~/components/icons";
import { useId } from "react";
import type { SiteContent } from "~/content/documents";
import type { ServiceIcon } from "~/content/types";

type ServiceCategory = SiteContent["services"]["categories"][number];
import { Carousel } from "./carousel/Carousel";
import { ServiceCard } from "./ServiceCard";

const icons: Record<ServiceIcon, Icon> = {
  sparkles: Sparkles,
  heart: Heart,
  brain: Brain,
  user: User,
  users: Users,
};

export const SERVICES_SLIDE_DELAY_MS = 3000;

/**
 * The five service categories as tabs (WAI-ARIA tabs with automatic activation: the arrow keys,
 * Home and End move between them), each with a slider of its programmes: one card per view on
 * phones, two from 768 px, three from 1024 px. React writes the markup; the site's small script
 * switches the tabs (app/enhance/tabs.ts, docs/decisions/025). Every panel is in the server's
 * HTML; without JavaScript all five are shown one after another (app.css).
 */
export function ServiceTabs({
  categories,
  noPrice,
}: {
  categories: ServiceCategory[];
  /** what a programme without a price says instead ("Contact us for pricing") */
  noPrice: string;
}) {
  const id = useId();
  return (
    <div>
      <div
        role="tablist"
        aria-label="Service categories"
        aria-orientation="horizontal"
        className="tabs-list flex flex-wrap gap-2 sm:gap-3 lg:grid lg:grid-cols-5"
      >
        {categories.map((c, ci) => {
          const Icon = icons[c.icon];
          const selected = ci === 0;
          return (
            <button
              key={c.id}
              type="button"
              role="tab"
              id={`${id}tab-${c.id}`}
              aria-controls={`${id}panel-${c.id}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              data-state={selected ? "active" : "inactive"}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-teal-800 bg-white px-4 py-2 font-semibold text-teal-900 hover:bg-teal-50 data-[state=active]:bg-teal-800 data-[state=active]:text-white lg:flex-col lg:justify-center lg:gap-1 lg:rounded-2xl lg:px-3 lg:py-3 lg:text-center"
            >
              <Icon aria-hidden="true" className="size-5" />
              {c.name}
            </button>
          );
        })}
      </div>
      {categories.map((c, ci) => (
        <div
          key={c.id}
          role="tabpanel"
          id={`${id}panel-${c.id}`}
          aria-labelledby={`${id}tab-${c.id}`}
          data-state={ci === 0 ? "active" : "inactive"}
          className="tab-panel mt-10 data-[state=inactive]:hidden"
        >
          <h2 className="text-3xl font-semibold">{c.name}</h2>
          <p className="mt-2 max-w-2xl text-lg text-muted">{c.intro}</p>
          <Carousel
            label={`${c.name}: programmes`}
            delay={SERVICES_SLIDE_DELAY_MS}
            slideClassName="basis-full md:basis-1/2 lg:basis-1/3"
            className="mt-8"
          >
            {c.services.map((s) => (
              // Every picture waits its turn: the cards begin below the first screen on a phone
              // and on a laptop, where the page's largest paint is its opening words.
              <ServiceCard key={s.id} service={s} noPrice={noPrice} />
            ))}
          </Carousel>
        </div>
      ))}
    </div>
  );
}
