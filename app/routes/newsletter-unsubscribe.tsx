import { Link, data } from "react-router";
import { messages } from "~/content/messages";
import { practice } from "~/content/site";
import type { Route } from "./+types/newsletter-unsubscribe";

/**
 * The link in every newsletter e-mail. Opening it unsubscribes (one click), and mail clients
 * that support one-click unsubscribe (RFC 8058) POST to the same address.
 */
async function unsubscribe(request: Request, context: Route.LoaderArgs["context"]) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const done = await context.services.forms.unsubscribe(token);
  return data({ done }, { status: done ? 200 : 404, headers: { "Cache-Control": "no-store" } });
}

export const loader = ({ request, context }: Route.LoaderArgs) => unsubscribe(request, context);
export const action = ({ request, context }: Route.ActionArgs) => unsubscribe(request, context);

export function meta() {
  return [{ title: `Unsubscribe | ${practice.name}` }, { name: "robots", content: "noindex" }];
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  return (
    <section className="container-page max-w-2xl py-20 text-center">
      {loaderData.done ? (
        <>
          <h1 className="text-3xl font-semibold">{messages.newsletter.unsubscribed}</h1>
          <p className="mt-4 text-lg text-muted">
            You will not receive our newsletter any more. We are grateful you read it, and our door
            stays open whenever you need us.
          </p>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-semibold">This unsubscribe link is not valid</h1>
          <p className="mt-4 text-lg text-muted">
            It may have been copied incompletely. Reply to any newsletter with the word
            “unsubscribe” and we will remove you by hand.
          </p>
        </>
      )}
      <Link to="/" className="btn-primary mt-8">
        Return to Home
      </Link>
    </section>
  );
}
