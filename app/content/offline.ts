/**
 * The words of /offline: what a visitor sees when their connection is gone and the page they
 * asked for was never read on this device (the service worker shows it, docs/decisions/018).
 */
export const offlinePage = {
  eyebrow: "No connection",
  title: "You are offline just now",
  intro:
    "We could not reach the internet to open this page, and it is not one you have read here " +
    "before, so there is no copy saved on your device yet. The pages you have already read still " +
    "open without a connection. When your signal comes back, try again.",
  reachUs:
    "If you need to talk to someone now, a phone call or a WhatsApp message often gets through " +
    "when the internet does not. We would be glad to hear from you.",
  whatsappMessage: "Hello Kindred Hearts, I would like to talk to someone, please.",
  tryAgain: "Try again",
  home: "Go to the home page",
};
