import { Brain, Heart, type LucideIcon, Sparkles, User, Users } from "lucide-react";
import { Tabs } from "radix-ui";
import { useState } from "react";
import type { ServiceCategory, ServiceIcon } from "~/content/types";
import { EmblaCarousel } from "./carousel/EmblaCarousel";
import { ServiceCard } from "./ServiceCard";

const icons: Record<ServiceIcon, LucideIcon> = {
  sparkles: Sparkles,
  heart: Heart,
  brain: Brain,
  user: User,
  users: Users,
};

export const SERVICES_SLIDE_DELAY_MS = 3000;

/**
 * The five service categories as tabs (Radix Tabs: arrow keys move between them), each with a
 * slider of its programmes: one card per view on phones, two from 768 px, three from 1024 px.
 * Every panel is rendered on the server; without JavaScript all five are shown one after another.
 */
export function ServiceTabs({ categories }: { categories: ServiceCategory[] }) {
  const [current, setCurrent] = useState(categories[0]?.id ?? "");
  return (
    <Tabs.Root value={current} onValueChange={setCurrent}>
      <Tabs.List
        aria-label="Service categories"
        className="tabs-list flex flex-wrap gap-2 sm:gap-3 lg:grid lg:grid-cols-5"
      >
        {categories.map((c) => {
          const Icon = icons[c.icon];
          return (
            <Tabs.Trigger
              key={c.id}
              value={c.id}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-teal-800 bg-white px-4 py-2 font-semibold text-teal-900 hover:bg-teal-50 data-[state=active]:bg-teal-800 data-[state=active]:text-white lg:flex-col lg:justify-center lg:gap-1 lg:rounded-2xl lg:px-3 lg:py-3 lg:text-center"
            >
              <Icon aria-hidden="true" className="size-5" />
              {c.name}
            </Tabs.Trigger>
          );
        })}
      </Tabs.List>
      {categories.map((c, ci) => (
        <Tabs.Content
          key={c.id}
          value={c.id}
          forceMount
          className="tab-panel mt-10 data-[state=inactive]:hidden"
        >
          <h2 className="text-3xl font-semibold">{c.name}</h2>
          <p className="mt-2 max-w-2xl text-lg text-muted">{c.intro}</p>
          <EmblaCarousel
            label={`${c.name}: programmes`}
            delay={SERVICES_SLIDE_DELAY_MS}
            slideClassName="basis-full md:basis-1/2 lg:basis-1/3"
            active={current === c.id}
            className="mt-8"
          >
            {c.services.map((s, si) => (
              // The first picture of the first tab is the page's largest early image.
              <ServiceCard key={s.id} service={s} priority={ci === 0 && si === 0} />
            ))}
          </EmblaCarousel>
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
