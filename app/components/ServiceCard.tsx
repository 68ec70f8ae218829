import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { Link } from "react-router";
import type { Service } from "~/content/types";
import { formatNaira, savings } from "~/lib/money";
import { useCarouselHold } from "./carousel/CarouselFrame";
import { Picture } from "./Picture";

const cardSizes =
  "(min-width: 1152px) 350px, (min-width: 1024px) 30vw, (min-width: 768px) 45vw, 100vw";

/** Old price struck through, the price, and what it saves; or "Contact us for pricing". */
export function ServicePrice({ service, large = false }: { service: Service; large?: boolean }) {
  const save = savings(service.price, service.oldPrice);
  if (service.price === undefined) {
    return <p className="text-lg font-semibold text-teal-900">Contact us for pricing</p>;
  }
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-2">
        {service.oldPrice !== undefined && (
          <s className="text-muted">
            <span className="sr-only">Was </span>
            {formatNaira(service.oldPrice)}
          </s>
        )}
        <span className={`font-semibold text-teal-900 ${large ? "text-3xl" : "text-2xl"}`}>
          {service.oldPrice !== undefined && <span className="sr-only">now </span>}
          {formatNaira(service.price)}
        </span>
      </p>
      {save !== undefined && (
        <p className="mt-1 inline-block rounded-full bg-clay-100 px-3 py-0.5 text-sm font-semibold text-clay-700">
          Save {formatNaira(save)}
        </p>
      )}
    </div>
  );
}

/**
 * A programme in the services slider. Its picture opens a dialog with the picture, title,
 * description and price (Radix Dialog: focus stays inside, Escape closes, focus returns to the
 * picture). While the dialog is open the slider holds still.
 */
export function ServiceCard({
  service,
  priority = false,
}: {
  service: Service;
  priority?: boolean;
}) {
  const hold = useCarouselHold();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-linen bg-white shadow-sm">
      <Dialog.Root onOpenChange={hold}>
        <Dialog.Trigger className="group relative block w-full cursor-zoom-in overflow-hidden">
          <Picture
            image={service.image}
            alt=""
            sizes={cardSizes}
            priority={priority}
            imgClassName="aspect-[3/2] w-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
          <span className="sr-only">View details: {service.title}</span>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl bg-white shadow-2xl focus:outline-none">
            <Dialog.Close
              className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-ink shadow hover:bg-white"
              aria-label="Close"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
            <Picture
              image={service.image}
              alt=""
              sizes="(min-width: 704px) 672px, calc(100vw - 2rem)"
              imgClassName="aspect-[3/2] max-h-[40dvh] w-full object-cover"
            />
            <div className="p-6 sm:p-8">
              <Dialog.Title className="font-display text-2xl font-semibold text-teal-900 sm:text-3xl">
                {service.title}
              </Dialog.Title>
              <Dialog.Description className="mt-3 leading-relaxed text-muted">
                {service.description}
              </Dialog.Description>
              <div className="mt-5">
                <ServicePrice service={service} large />
              </div>
              <div className="mt-6 flex flex-wrap gap-3">
                <Link to="/schedule" className="btn-primary">
                  Book Now
                </Link>
                <Link to="/contact" className="btn-outline">
                  Inquire
                </Link>
              </div>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-xl font-semibold">{service.title}</h3>
        <p className="mt-2 flex-1 leading-relaxed text-muted">{service.description}</p>
        <div className="mt-5">
          <ServicePrice service={service} />
        </div>
        <div className="mt-5 flex gap-3">
          <Link to="/contact" className="btn-outline flex-1 px-3">
            Inquire<span className="sr-only"> about {service.title}</span>
          </Link>
          <Link to="/schedule" className="btn-primary flex-1 px-3">
            Book Now<span className="sr-only">: {service.title}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
