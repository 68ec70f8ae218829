import type { SiteContent } from "~/content/documents";
import type { Naira } from "~/content/types";

/**
 * What can be paid for online: the two core programmes on /about and the three Marriage with a
 * Map plans. The price charged always comes from the published content, never from the address
 * or form.
 */
export interface CheckoutItem {
  /** the `item` of /checkout?item=… */
  id: string;
  name: string;
  summary: string;
  /** duration or number of sessions */
  detail: string;
  price: Naira;
  /** the earlier price, shown struck through */
  oldPrice?: Naira;
  /** the page the item is described on */
  page: { path: string; label: string };
}

/** The published documents the items come from. */
export type CheckoutContent = Pick<SiteContent, "about" | "map">;

export function checkoutItems(content: CheckoutContent): CheckoutItem[] {
  return [
    ...content.about.corePrograms.map((p) => ({
      id: p.id,
      name: p.title,
      summary: p.summary,
      detail: p.duration,
      price: p.price,
      oldPrice: p.oldPrice,
      page: { path: "/about", label: "our programmes" },
    })),
    // The plan cards show the original figure only (SPEC.md section 9); the plan's price is what
    // a couple pays, so checkout shows both.
    ...content.map.plans.map((plan) => ({
      id: mapPlanItemId(plan.id),
      name: `Marriage with a Map: ${plan.tier}`,
      summary: plan.description,
      detail: `${plan.sessions} guided couple sessions`,
      price: plan.price,
      oldPrice: plan.original,
      page: { path: "/marraige-with-a-map", label: "the Marriage with a Map plans" },
    })),
  ];
}

/** A Marriage with a Map plan's checkout id ("map-growth"): plain ids like "growth" are ambiguous. */
export function mapPlanItemId(planId: string): string {
  return `map-${planId}`;
}

export function findCheckoutItem(
  content: CheckoutContent,
  id: string | null | undefined,
): CheckoutItem | undefined {
  return checkoutItems(content).find((item) => item.id === id);
}

/** The checkout page of one item. */
export function checkoutHref(id: string): string {
  return `/checkout?item=${encodeURIComponent(id)}`;
}
