import { HELD, HOLD_CHANGED } from "./carousel";
import { targetOf } from "./disclosure";
import { icon } from "./icon";

/**
 * A programme's details in a dialog (components/ServiceCard.tsx; docs/decisions/025): its
 * picture opens a native modal `<dialog>` with the picture, title, description, price and the two
 * links, built from the card itself, so the page carries each programme's words once. The browser
 * keeps focus inside, Escape closes it, and focus goes back to the picture. While it is open the
 * slider the card is in holds still.
 */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

interface Parts {
  dialog: HTMLDialogElement;
  picture: HTMLElement;
  title: HTMLElement;
  description: HTMLElement;
  price: HTMLElement;
}

let parts: Parts | null = null;
let openedFrom: HTMLElement | null = null;

/** The one dialog, made the first time a card is opened, at the end of <body> (outside React's markup). */
function dialogParts(): Parts {
  if (parts?.dialog.isConnected) return parts;
  const dialog = element(
    "dialog",
    "m-auto max-h-[90dvh] w-[calc(100vw-2rem)] max-w-2xl overflow-y-auto rounded-3xl bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/60",
  );
  dialog.setAttribute("aria-labelledby", "service-dialog-title");
  dialog.setAttribute("aria-describedby", "service-dialog-description");
  const close = element(
    "button",
    "absolute top-3 right-3 z-10 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white",
  );
  close.type = "button";
  close.setAttribute("aria-label", "Close");
  close.append(icon("M18 6 6 18M6 6l12 12", "size-5", "stroke"));
  close.addEventListener("click", () => dialog.close());
  const picture = element("div", "");
  const body = element("div", "p-6 sm:p-8");
  const title = element("h2", "font-display text-2xl font-semibold text-teal-900 sm:text-3xl");
  title.id = "service-dialog-title";
  const description = element("p", "mt-3 leading-relaxed text-muted");
  description.id = "service-dialog-description";
  const price = element("div", "mt-5");
  const links = element("div", "mt-6 flex flex-wrap gap-3");
  const book = element("a", "btn-primary", "Book Now");
  book.href = "/schedule";
  const inquire = element("a", "btn-outline", "Inquire");
  inquire.href = "/contact";
  links.append(book, inquire);
  body.append(title, description, price, links);
  dialog.append(close, picture, body);
  // A click on the dimmed page around the dialog closes it, as Escape does.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener("close", () => {
    const from = openedFrom;
    openedFrom = null;
    const slider = from?.closest<HTMLElement>("[data-carousel]");
    if (slider) {
      delete slider.dataset[HELD];
      slider.dispatchEvent(new Event(HOLD_CHANGED));
    }
    from?.focus();
  });
  document.body.append(dialog);
  parts = { dialog, picture, title, description, price };
  return parts;
}

function open(trigger: HTMLElement): void {
  const card = trigger.closest("[data-service-card]");
  if (!card) return;
  const made = dialogParts();
  const dialog = made.dialog;
  const picture = made.picture;
  const title = made.title;
  const description = made.description;
  const price = made.price;

  const shownPicture = trigger.querySelector("picture")?.cloneNode(true) as HTMLElement | undefined;
  if (shownPicture) {
    shownPicture.querySelectorAll("source, img").forEach((node) => {
      node.setAttribute("sizes", "(min-width: 704px) 672px, calc(100vw - 2rem)");
    });
    const img = shownPicture.querySelector("img");
    img?.setAttribute("class", "aspect-[3/2] max-h-[40dvh] w-full object-cover");
    img?.removeAttribute("loading");
  }
  picture.replaceChildren(...(shownPicture ? [shownPicture] : []));
  title.textContent = card.querySelector("h3")?.textContent ?? "";
  description.textContent = card.querySelector("h3 + p")?.textContent ?? "";
  const cardPrice = card.querySelector("[data-service-price]")?.cloneNode(true) as
    HTMLElement | undefined;
  // the amount, larger in the dialog (found by its size: no attribute of its own in every card)
  cardPrice?.querySelector(".text-2xl")?.classList.replace("text-2xl", "text-3xl");
  price.replaceChildren(...(cardPrice ? [...cardPrice.childNodes] : []));

  openedFrom = trigger;
  const slider = trigger.closest<HTMLElement>("[data-carousel]");
  if (slider) {
    slider.dataset[HELD] = "true";
    slider.dispatchEvent(new Event(HOLD_CHANGED));
  }
  dialog.showModal();
}

export function wireServiceDialog(): void {
  document.addEventListener("click", (event) => {
    const trigger = targetOf(event)?.closest<HTMLElement>("[data-service-dialog]");
    if (trigger) open(trigger);
  });
}
