import { Form, Link, data } from "react-router";
import { messages } from "~/content/messages";
import { practice } from "~/content/site";
import type { Route } from "./+types/newsletter-unsubscribe";
import { keepPageAfterUnreachable } from "~/lib/forms/revalidate";

/**
 * The link in every newsletter e-mail. Opening it (GET) changes nothing, because mail scanners
 * open links: it shows a button, and the button's POST unsubscribes. Mail clients that support
 * one-click unsubscribe (RFC 8058) POST `List-Unsubscribe=One-Click` to the same address.
 */
const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export function headers(): HeadersInit {
  // The address carries the subscriber's token: the page is never kept by the browser or a proxy.
  return { "Cache-Control": "no-store" };
}

// A post that never reached the server changed nothing: the page stays as typed.
export const shouldRevalidate = keepPageAfterUnreachable;

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenOf(request);
  const state = await context.services.forms.subscription(token);
  return data(
    { state, token: state === "unknown" ? "" : token },
    { status: state === "unknown" ? 404 : 200, headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const done = await context.services.forms.unsubscribe(tokenOf(request));
  return data({ done }, { status: done ? 200 : 404, headers: { "Cache-Control": "no-store" } });
}

export function meta() {
  return [{ title: `Unsubscribe | ${practice.name}` }, { name: "robots", content: "noindex" }];
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const done = actionData?.done ?? loaderData.state === "unsubscribed";
  const invalid = actionData ? !actionData.done : loaderData.state === "unknown";
  return (
    <section className="container-page max-w-2xl py-20 text-center">
      {done ? (
        <>
          <h1 className="text-3xl font-semibold">{messages.newsletter.unsubscribed}</h1>
          <p className="mt-4 text-lg text-muted">
            You will not receive our newsletter any more. We are grateful you read it, and our door
            stays open whenever you need us.
          </p>
        </>
      ) : invalid ? (
        <>
          <h1 className="text-3xl font-semibold">This unsubscribe link is not valid</h1>
          <p className="mt-4 text-lg text-muted">
            It may have been copied incompletely. Reply to any newsletter with the word
            “unsubscribe” and we will remove you by hand.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-semibold">Unsubscribe from our newsletter?</h1>
          <p className="mt-4 text-lg text-muted">
            Press the button to stop receiving our newsletter. Nothing changes until you do.
          </p>
          <Form
            method="post"
            action={`/newsletter/unsubscribe?token=${encodeURIComponent(loaderData.token)}`}
            className="mt-8"
          >
            <button type="submit" className="btn-primary">
              Unsubscribe
            </button>
          </Form>
        </>
      )}
      <Link to="/" className="btn-outline mt-8">
        Return to Home
      </Link>
    </section>
  );
}
