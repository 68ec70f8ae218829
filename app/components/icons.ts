/**
 * The icons the site draws. Most are drawn from the icon sprite (app/components/sprite-icons.ts):
 * a page names one with `<use href>` and the browser fetches the sprite once and keeps it. The
 * header's, on the first screen of every page, are drawn in the page itself from their own
 * lucide-react file, so they never wait for the sprite. Importing the package itself made the
 * build parse all of its 4,800 icon modules (issue 25, item 21); ESLint refuses `lucide-react`
 * imports elsewhere.
 */
import { createElement, type ReactElement, type SVGProps } from "react";
import sprite from "~/assets/icons.svg?no-inline";
import type { SpriteIcon } from "./sprite-icons";

export { default as InlineChevronDown } from "lucide-react/icons/chevron-down";
export { default as InlineMenu } from "lucide-react/icons/menu";
export { default as InlineX } from "lucide-react/icons/x";

export type IconProps = SVGProps<SVGSVGElement>;
export type Icon = (props: IconProps) => ReactElement;

/** An icon of the sprite, with lucide's stroke on its `<svg>`: `fill`, `strokeWidth` still apply. */
function fromSprite(id: SpriteIcon): Icon {
  function Drawn(props: IconProps) {
    return createElement(
      "svg",
      {
        width: 24,
        height: 24,
        fill: "none",
        stroke: "currentColor",
        strokeWidth: 2,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        "aria-hidden": true,
        ...props,
      },
      createElement("use", { href: `${sprite}#${id}` }),
    );
  }
  Drawn.displayName = `Icon(${id})`;
  return Drawn;
}

export const ArrowLeft = fromSprite("arrow-left");
export const ArrowRight = fromSprite("arrow-right");
export const Brain = fromSprite("brain");
export const CalendarDays = fromSprite("calendar-days");
export const Check = fromSprite("check");
export const CheckCircle2 = fromSprite("circle-check");
export const ChevronDown = fromSprite("chevron-down");
export const ChevronLeft = fromSprite("chevron-left");
export const ChevronRight = fromSprite("chevron-right");
export const CircleAlert = fromSprite("circle-exclamation-point");
export const ClipboardPen = fromSprite("clipboard-pen");
export const Clock = fromSprite("clock");
export const CreditCard = fromSprite("credit-card");
export const ExternalLink = fromSprite("external-link");
export const Heart = fromSprite("heart");
export const Link2 = fromSprite("link-2");
export const Lock = fromSprite("lock");
export const Mail = fromSprite("mail");
export const MapPin = fromSprite("map-pin");
export const MessageCircle = fromSprite("message-circle");
export const Pause = fromSprite("pause");
export const Phone = fromSprite("phone");
export const Play = fromSprite("play");
export const Quote = fromSprite("quote");
export const Sparkles = fromSprite("sparkles");
export const User = fromSprite("user");
export const Users = fromSprite("users");
export const Wallet = fromSprite("wallet");
export const X = fromSprite("x");
