import { CalendarDays, ClipboardPen, Link2, type LucideIcon, Wallet } from "lucide-react";
import { hiddenThread } from "~/content/campaign";

/** The icons a line may start with (date, cost, registration, link), drawn the same everywhere. */
const icons: Record<string, LucideIcon> = {
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

/**
 * A story e-mail, one paragraph per line. Lines that start with a date, cost, registration or
 * link icon are the webinar details: each becomes a button to the registration form.
 */
export function StoryEmail({ email }: { email: string }) {
  return (
    <div className="space-y-4 text-lg leading-relaxed">
      {email.split("\n").map((line, i) => {
        const register = registerLine(line);
        if (!register) return <p key={i}>{line}</p>;
        const Icon = icons[register.icon] ?? Link2;
        return (
          <p key={i}>
            <a
              href={hiddenThread.registrationUrl}
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
    </div>
  );
}
