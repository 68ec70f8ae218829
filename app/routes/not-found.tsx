import { data } from "react-router";
import { NotFoundPage } from "~/components/NotFoundPage";
import { practice } from "~/content/site";
import type { Route } from "./+types/not-found";
import { keepPageAfterUnreachable } from "~/lib/forms/revalidate";

// A post that never reached the server changed nothing: the page stays as typed.
export const shouldRevalidate = keepPageAfterUnreachable;

export function loader({ request, context }: Route.LoaderArgs) {
  // The path only: a query string may carry personal data.
  context.log("warn", "page not found", { path: new URL(request.url).pathname });
  return data({ text: context.content.site.notFound.text }, { status: 404 });
}

export function meta() {
  return [{ title: `Page not found | ${practice.name}` }, { name: "robots", content: "noindex" }];
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundPage text={loaderData.text} />;
}
