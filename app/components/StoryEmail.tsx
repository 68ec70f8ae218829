import { CalendarDays, ClipboardPen, Link2, type Icon, Wallet } from "~/components/icons";
import { hiddenThread } from "~/content/campaign";
import type { WebinarView } from "~/lib/webinar";

/** The icons a line may start with (date, cost, registration, link), drawn the same everywhere. */
const icons: Record<string, Icon> = {
  "📅": CalendarDays,
  "💰": Wallet,
  "📝": ClipboardPen,
  "🔗": Link2,
};

/** A line's leading register icon and the words after it, or null for an ordinary line. */
export function registerLine(line: string): { icon: string; text: string } | null {
  const icon = hiddenThread.registerIcons.find((i) => line.startsWith(i));
  return icon ? { icon, text: line.slice(icon.length).trim() } : null;
}

/** The practice's words at the end of every story (app/content/page-words.ts, filled in). */
export interface StoryWords {
  /** while registration is open: the registration line, and the last line */
  registration: string;
  link: string;
  /** once the webinar has started, in place of those lines */
  closed: string;
}

/**
 * The webinar's closing lines of every story, from the webinar's own fields: its date, cost and
 * registration, each a Register button. Once its time has passed there are none.
 */
export function webinarLines(webinar: WebinarView, words: StoryWords): string[] {
  if (!webinar.open) return [];
  return [
    `📅 ${webinar.day}, ${webinar.time}, live online`,
    `💰 ${/^free$/i.test(webinar.cost) ? "Free to attend" : webinar.cost}`,
    `📝 ${words.registration}`,
    `🔗 ${words.link}`,
  ];
}

/**
 * A story e-mail, one paragraph per line. Lines that start with a date, cost, registration or
 * link icon are the webinar details: each becomes a button to the registration form. After the
 * webinar, the e-mail ends with where to hear of the next one instead.
 */
export function StoryEmail({
  email,
  webinar,
  words,
}: {
  email: string;
  webinar: WebinarView;
  words: StoryWords;
}) {
  const lines = [...email.split("\n"), ...webinarLines(webinar, words)];
  return (
    <div className="space-y-4 text-lg leading-relaxed">
      {lines.map((line, i) => {
        const register = registerLine(line);
        if (!register) return <p key={i}>{line}</p>;
        if (!webinar.open) return null;
        const Icon = icons[register.icon] ?? Link2;
        return (
          <p key={i}>
            <a
              href={webinar.registrationUrl}
              className="btn-outline w-full justify-start rounded-2xl text-left sm:w-auto"
              rel="noopener noreferrer"
              target="_blank"
            >
              <Icon aria-hidden="true" className="size-5 shrink-0 text-clay-600" />
              {register.text}
            </a>
          </p>
        );
      })}
      {/* In place of registration once the webinar has taken place; the button under the story
          goes to the newsletter. */}
      {!webinar.open && <p className="rounded-2xl bg-teal-50 p-5 text-base">{words.closed}</p>}
    </div>
  );
}
