import { Link, data, redirect } from "react-router";
import { CheckoutSummary } from "~/components/CheckoutSummary";
import { PageHeader } from "~/components/PageHeader";
import { CheckoutForm } from "~/components/forms/CheckoutForm";
import { messages } from "~/content/messages";
import { pages } from "~/content/pages";
import {
  type CheckoutItem,
  checkoutHref,
  checkoutItems,
  findCheckoutItem,
} from "~/lib/checkout-items";
import { checkSubmission, commonFailure, readForm, submitMeta } from "~/lib/forms/action.server";
import { formHeaders } from "~/lib/forms/headers";
import { resilientClientAction } from "~/lib/forms/client-action";
import type { FormOutcome } from "~/lib/forms/outcomes";
import { checkoutSchema } from "~/lib/forms/schemas";
import { formatNaira } from "~/lib/money";
import { metaFor } from "~/lib/seo";
import type { Route } from "./+types/checkout";
import { keepPageAfterUnreachable } from "~/lib/forms/revalidate";

export const headers = formHeaders;
export const meta = metaFor(pages.checkout, true);

// A post that never reached the server changed nothing: the page stays as typed.
export const shouldRevalidate = keepPageAfterUnreachable;

export function loader({ request, context }: Route.LoaderArgs) {
  // Without Paystack keys the page is the spec's static message, whatever the address.
  if (!context.services.payments) return { mode: "unavailable" as const };
  const id = new URL(request.url).searchParams.get("item");
  if (id === null) return { mode: "choose" as const, items: checkoutItems(context.content) };
  const item = findCheckoutItem(context.content, id);
  if (!item) return data({ mode: "not-found" as const }, { status: 404 });
  return { mode: "pay" as const, item };
}

export const clientAction = resilientClientAction;

export async function action({ request, context }: Route.ActionArgs) {
  const payments = context.services.payments;
  const item = findCheckoutItem(context.content, new URL(request.url).searchParams.get("item"));
  if (!payments || !item) throw data(null, { status: 404 });
  const form = checkSubmission(await readForm(request), checkoutSchema);
  if (!form.ok) return form.response;
  const failed = (message: string, status: number) =>
    data({ outcome: "payment-failed", message, values: form.values } satisfies FormOutcome, {
      status,
    });
  // A bot is told what a person would be told when Paystack is down, and nothing is stored.
  if (form.bot) return failed(messages.checkout.failedDetail, 502);
  const meta = submitMeta(request, context, "Checkout", form.values);
  const result = await payments.start(item.id, form.data, meta);
  switch (result.status) {
    case "redirect":
      return redirect(result.url, 303);
    case "failed":
      return failed(messages.checkout.failedDetail, 502);
    case "unavailable":
      return failed(messages.checkout.notStored, 503);
    case "unknown-item":
      throw data(null, { status: 404 });
    default:
      return commonFailure(result);
  }
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  switch (loaderData.mode) {
    case "unavailable":
      return <Unavailable />;
    case "not-found":
      return <UnknownItem />;
    case "choose":
      return <Choose items={loaderData.items} />;
    case "pay": {
      const { item } = loaderData;
      return (
        <>
          <PageHeader eyebrow="Secure checkout" title="Checkout">
            <p>
              Tell us who is paying, then complete your payment on Paystack. Your receipt comes by
              e-mail, and we will call you within one working day to arrange your first session.
            </p>
          </PageHeader>
          <div className="container-page grid gap-10 py-14 lg:grid-cols-5">
            <div className="lg:col-span-2">
              <CheckoutSummary item={item} />
            </div>
            <section aria-labelledby="payer-heading" className="lg:col-span-3">
              <h2 id="payer-heading" className="text-3xl font-semibold">
                Your details
              </h2>
              <p className="mt-2 mb-6 text-muted">
                All three are needed. We use them only for your booking and receipt.
              </p>
              <CheckoutForm itemId={item.id} />
            </section>
          </div>
        </>
      );
    }
  }
}

function Unavailable() {
  return (
    <section className="container-page max-w-2xl py-20 text-center">
      <h1 className="text-3xl font-semibold sm:text-4xl">{messages.checkout.unavailable}</h1>
      <p className="mt-4 text-lg leading-relaxed text-muted">
        Online payment is not available just now. We would still love to welcome you: get in touch
        and we will help you enrol and pay by bank transfer.
      </p>
      <Link to="/contact" className="btn-primary mt-8">
        Contact us
      </Link>
    </section>
  );
}

function UnknownItem() {
  return (
    <section className="container-page max-w-2xl py-20 text-center">
      <h1 className="text-3xl font-semibold sm:text-4xl">We could not find that programme</h1>
      <p className="mt-4 text-lg leading-relaxed text-muted">
        The link you followed does not match anything we offer for online payment. Please choose
        your programme or plan again, or get in touch and we will help you.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/checkout" className="btn-primary">
          See what you can pay for
        </Link>
        <Link to="/contact" className="btn-outline">
          Contact us
        </Link>
      </div>
    </section>
  );
}

function Choose({ items }: { items: CheckoutItem[] }) {
  return (
    <>
      <PageHeader eyebrow="Secure checkout" title="Checkout">
        <p>
          Choose the programme or plan you would like to pay for. You will pay on Paystack&rsquo;s
          secure page, and we will call you within one working day to arrange your sessions.
        </p>
      </PageHeader>
      <div className="container-page py-14">
        <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          {items.map((item) => (
            <li
              key={item.id}
              className="flex flex-col rounded-3xl border border-linen bg-white p-6"
            >
              <h2 className="text-xl font-semibold">{item.name}</h2>
              <p className="mt-1 text-clay-700">{item.detail}</p>
              <p className="mt-3 flex-1 text-2xl font-semibold text-teal-900">
                {formatNaira(item.price)}
              </p>
              <Link to={checkoutHref(item.id)} className="btn-primary mt-5">
                Pay now<span className="sr-only">: {item.name}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-muted">
          Not sure which is right for you?{" "}
          <Link to="/contact" className="font-semibold text-teal-800 underline">
            Contact us
          </Link>{" "}
          and we will help you choose.
        </p>
      </div>
    </>
  );
}
