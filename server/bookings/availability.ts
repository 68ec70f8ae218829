import { freeTimes } from "../../app/lib/bookings/free-times";
import type { SharedTime } from "../../app/lib/bookings/first-available";
import type { Counsellor, SessionType } from "../../app/lib/services/bookings";
import type { Db } from "../db/client";
import type { Tx } from "../visitors/intake";
import { counsellorsOf, officeWeek, sessionTypesOf } from "./catalogue";
import type { BookingsDeps } from "./deps";
import { type CounsellorPlan, loadPlans } from "./diaries";

/**
 * The published catalogue, read afresh for each request so a publish shows at once. A session
 * type asks for payment when booking only where Paystack is set up and it has a price; otherwise
 * it is paid at the session.
 */
export function catalogueOf(deps: Pick<BookingsDeps, "content" | "payments">) {
  const content = deps.content();
  return {
    content,
    sessionTypes: sessionTypesOf(content).map((type) => ({
      ...type,
      payAtBooking: Boolean(type.payAtBooking && deps.payments && type.priceNaira),
    })),
    counsellors: counsellorsOf(content),
  };
}

/** "first" is whoever is free; any other id must be a counsellor who takes bookings. */
export function chosenCounsellors(
  counsellors: readonly Counsellor[],
  counsellorId: string,
): Counsellor[] | undefined {
  if (counsellorId === "first") return [...counsellors];
  const one = counsellors.find((c) => c.id === counsellorId);
  return one ? [one] : undefined;
}

export interface Availability {
  plans: Map<string, CounsellorPlan>;
  /** every start at least one of the counsellors is free, ascending, with who (team order) */
  times: SharedTime[];
}

/** Free starts of these counsellors for one session type, each with their own rules. */
export async function availability(
  deps: Pick<BookingsDeps, "content">,
  db: Db | Tx,
  options: {
    sessionType: SessionType;
    counsellors: readonly Counsellor[];
    now: number;
    /** the booking being moved, which does not block its own new time */
    except?: number;
  },
): Promise<Availability> {
  const plans = await loadPlans(db, {
    counsellorIds: options.counsellors.map((c) => c.id),
    sessionMinutes: options.sessionType.minutes,
    officeHours: officeWeek(deps.content()),
    now: options.now,
    except: options.except,
  });
  const byStart = new Map<number, string[]>();
  for (const counsellor of options.counsellors) {
    const plan = plans.get(counsellor.id)!;
    for (const start of freeTimes(plan.diary, plan.rules, options.now)) {
      const ids = byStart.get(start);
      if (ids) ids.push(counsellor.id);
      else byStart.set(start, [counsellor.id]);
    }
  }
  const times = [...byStart]
    .sort(([a], [b]) => a - b)
    .map(([start, counsellorIds]) => ({ start, counsellorIds }));
  return { plans, times };
}

/** Up to `count` free starts closest to `start` (either side), ascending. */
export function nearestStarts(times: readonly SharedTime[], start: number, count = 3): number[] {
  return times
    .map((t) => t.start)
    .filter((t) => t !== start)
    .sort((a, b) => Math.abs(a - start) - Math.abs(b - start) || a - b)
    .slice(0, count)
    .sort((a, b) => a - b);
}
