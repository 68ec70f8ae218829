import type { ReactNode } from "react";

/** The opening band of an inner page: an eyebrow, the page's one h1, and an introduction. */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="bg-sand">
      <div className="container-page py-12 sm:py-16">
        {eyebrow && <p className="eyebrow">{eyebrow}</p>}
        <h1 className="mt-2 text-4xl leading-tight font-semibold sm:text-5xl">{title}</h1>
        {children && (
          <div className="mt-4 max-w-2xl text-lg leading-relaxed text-muted">{children}</div>
        )}
      </div>
    </div>
  );
}
