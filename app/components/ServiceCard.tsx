import { Link } from "react-router";
import type { SiteContent } from "~/content/documents";

type Service = SiteContent["services"]["categories"][number]["services"][number];
import { formatNaira, savings } from "~/lib/money";
import { Picture } from "./Picture";

const cardSizes =
  "(min-width: 1152px) 350px, (min-width: 1024px) 30vw, (min-width: 768px) 45vw, 100vw";
/**
 * A card is drawn 300–360 px wide on a phone (twice that or more in device pixels) and 350 px on a
 * laptop, and its dialog up to 672 px: 640, 960 and 1280 cover them. The two smallest widths
 * served only screens of one device pixel per px, and cost /services 0.2 KB of its first flight.
 */
const cardWidths = [640, 960, 1280];

/**
 * Old price struck through, the price, and what it saves; or, without a price, the practice's
 * words for that (`noPrice`, "Contact us for pricing").
 */
export function ServicePrice({ service, noPrice }: { service: Service; noPrice: string }) {
  const save = savings(service.price, service.oldPrice);
  if (service.price === undefined) {
    return <p className="text-lg font-semibold text-teal-900">{noPrice}</p>;
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
        <span className="text-2xl font-semibold text-teal-900">
          {service.oldPrice !== undefined && <span className="sr-only">now </span>}
          {formatNaira(service.price)}
        </span>
      </p>
      {save !== undefined && (
        <p className="mt-1 inline-block rounded-full bg-clay-100 px-3 py-0.5 text-sm font-semibold text-clay-700">
          {`Save ${formatNaira(save)}`}
        </p>
      )}
    </div>
  );
}

/**
 * A programme in the services slider. Its picture opens a dialog with the picture, title,
 * description and price (app/enhance/service-dialog.ts builds it from this card: a native modal
 * `<dialog>`, so focus stays inside, Escape closes, and focus returns to the picture). While the
 * dialog is open the slider holds still.
 */
export function ServiceCard({ service, noPrice }: { service: Service; noPrice: string }) {
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-linen bg-white shadow-sm"
      data-service-card
    >
      <button
        type="button"
        aria-haspopup="dialog"
        data-service-dialog
        className="group relative block w-full cursor-zoom-in overflow-hidden"
      >
        <Picture
          image={service.image.key}
          alt=""
          sizes={cardSizes}
          widths={cardWidths}
          imgClassName="aspect-[3/2] w-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        <span className="sr-only">{`View details: ${service.title}`}</span>
      </button>

      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-xl font-semibold">{service.title}</h3>
        <p className="mt-2 flex-1 leading-relaxed text-muted">{service.description}</p>
        <div className="mt-5" data-service-price>
          <ServicePrice service={service} noPrice={noPrice} />
        </div>
        <div className="mt-5 flex gap-3">
          {/* discover="none": the header and footer already link both pages, so React finds
              their routes through those, and /services stays within its first flight. */}
          <Link to="/contact" discover="none" className="btn-outline flex-1 px-3">
            Inquire<span className="sr-only">{` about ${service.title}`}</span>
          </Link>
          <Link to="/schedule" discover="none" className="btn-primary flex-1 px-3">
            Book Now<span className="sr-only">{`: ${service.title}`}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
