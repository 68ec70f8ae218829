/**
 * The icons the site draws, each from its own lucide-react file. Importing the package itself made
 * the build parse all of its 4,800 icon modules to keep these 30: about 350 MB of the build's peak
 * memory (issue 25, item 21). ESLint refuses `lucide-react` imports elsewhere.
 */
export { default as ArrowLeft } from "lucide-react/icons/arrow-left";
export { default as ArrowRight } from "lucide-react/icons/arrow-right";
export { default as Brain } from "lucide-react/icons/brain";
export { default as CalendarDays } from "lucide-react/icons/calendar-days";
export { default as Check } from "lucide-react/icons/check";
export { default as CheckCircle2 } from "lucide-react/icons/circle-check";
export { default as ChevronDown } from "lucide-react/icons/chevron-down";
export { default as ChevronLeft } from "lucide-react/icons/chevron-left";
export { default as ChevronRight } from "lucide-react/icons/chevron-right";
export { default as CircleAlert } from "lucide-react/icons/circle-alert";
export { default as ClipboardPen } from "lucide-react/icons/clipboard-pen";
export { default as Clock } from "lucide-react/icons/clock";
export { default as CreditCard } from "lucide-react/icons/credit-card";
export { default as ExternalLink } from "lucide-react/icons/external-link";
export { default as Heart } from "lucide-react/icons/heart";
export { default as Link2 } from "lucide-react/icons/link-2";
export { default as Lock } from "lucide-react/icons/lock";
export { default as Mail } from "lucide-react/icons/mail";
export { default as MapPin } from "lucide-react/icons/map-pin";
export { default as Menu } from "lucide-react/icons/menu";
export { default as MessageCircle } from "lucide-react/icons/message-circle";
export { default as Pause } from "lucide-react/icons/pause";
export { default as Phone } from "lucide-react/icons/phone";
export { default as Play } from "lucide-react/icons/play";
export { default as Quote } from "lucide-react/icons/quote";
export { default as Sparkles } from "lucide-react/icons/sparkles";
export { default as User } from "lucide-react/icons/user";
export { default as Users } from "lucide-react/icons/users";
export { default as Wallet } from "lucide-react/icons/wallet";
export { default as X } from "lucide-react/icons/x";
export type { LucideIcon } from "lucide-react";
