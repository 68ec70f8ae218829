import { data, Link } from "react-router";
import { BusyFeedSection } from "~/components/admin/booking-settings/BusyFeedSection";
import { CalendarAddressSection } from "~/components/admin/booking-settings/CalendarAddressSection";
import { TimeOffSection } from "~/components/admin/booking-settings/TimeOffSection";
import { WeeklyHoursForm } from "~/components/admin/booking-settings/WeeklyHoursForm";
import { bookingSettingsAccess } from "~/lib/admin/booking-settings-access.server";
import { settingsAction } from "~/lib/admin/booking-settings-action.server";
import { lagosDayOf } from "~/lib/bookings/lagos-time";
import type { RouteHandle } from "~/lib/route-handle";
import type { Route } from "./+types/booking-settings-counsellor";

/**
 * /admin/booking-settings/<counsellor>: one counsellor's weekly hours and rules, time off, private
 * calendar address and own calendar (issue 42). Every form is a plain post that works without
 * JavaScript; React only adds the Copy button's copying.
 */

export const handle: RouteHandle = { editor: true, hydrate: true };

export const headers = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export function meta({ data: loaderData }: Route.MetaArgs) {
  const name = loaderData?.counsellor.name;
  return [
    { title: `${name ? `${name}: booking settings` : "Booking settings"} | Site admin` },
    { name: "robots", content: "noindex" },
  ];
}

async function counsellorAccess(args: Route.LoaderArgs | Route.ActionArgs) {
  const access = await bookingSettingsAccess(args.context, args.request);
  const counsellor = access.counsellors.find((c) => c.id === args.params.counsellorId);
  // Someone no longer on the team page (or a made-up address) has no settings page.
  if (!counsellor) throw data(null, { status: 404 });
  return { ...access, counsellor };
}

export async function loader(args: Route.LoaderArgs) {
  const { settings, counsellor } = await counsellorAccess(args);
  return {
    counsellor,
    view: await settings.read(counsellor.id),
    today: lagosDayOf(Date.now()).date,
  };
}

export async function action(args: Route.ActionArgs) {
  const { settings, counsellor, reader } = await counsellorAccess(args);
  const result = await settingsAction({
    form: await args.request.formData(),
    settings,
    counsellorId: counsellor.id,
    by: reader.email,
    siteUrl: args.context.siteUrl,
    today: lagosDayOf(Date.now()).date,
  });
  return data(result, { status: result.status });
}

export default function CounsellorBookingSettings({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { counsellor, view, today } = loaderData;
  const outcomeFor = (intent: string) =>
    actionData?.intent === intent && actionData.message
      ? { ok: actionData.ok, message: actionData.message }
      : undefined;
  return (
    <div className="container-page max-w-3xl py-8">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin" className="font-semibold text-teal-900 underline">
          All pages
        </Link>{" "}
        ›{" "}
        <Link to="/admin/booking-settings" className="font-semibold text-teal-900 underline">
          Booking settings
        </Link>
      </nav>
      <h1 className="mt-2 text-3xl font-semibold">{counsellor.name}</h1>
      <p className="mt-1 text-muted">{counsellor.title}</p>
      <WeeklyHoursForm
        // a fresh form after a save, so the fields show what was stored
        key={actionData?.intent === "rules" && actionData.ok ? "saved" : "typed"}
        rules={view.rules}
        defaults={view.defaults}
        errors={actionData?.intent === "rules" ? actionData.errors : undefined}
        typed={actionData?.intent === "rules" ? actionData.typed : undefined}
        outcome={outcomeFor("rules")}
      />
      <TimeOffSection
        timeOff={view.timeOff}
        today={today}
        errors={actionData?.intent === "add-time-off" ? actionData.errors : undefined}
        typed={actionData?.intent === "add-time-off" ? actionData.typed : undefined}
        outcome={outcomeFor("add-time-off") ?? outcomeFor("remove-time-off")}
      />
      <CalendarAddressSection
        name={counsellor.name}
        made={view.calendarAddress}
        address={actionData?.calendarAddress}
      />
      <BusyFeedSection
        name={counsellor.name}
        busyFeed={view.busyFeed}
        error={actionData?.intent === "busy-feed" ? actionData.errors?.busyFeedUrl : undefined}
        outcome={outcomeFor("busy-feed") ?? outcomeFor("busy-feed-remove")}
      />
    </div>
  );
}
