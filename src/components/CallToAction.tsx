import type { ReactNode } from "react";
import type { NavLink } from "../site/navigation-copy.ts";
import { ButtonLink } from "./ButtonLink.tsx";

/** The closing band of a page: a heading, a line of copy and two actions on a dark band. */
export function CallToAction({
  title,
  lead,
  primary,
  secondary,
  children,
}: {
  title: string;
  lead: string;
  primary: NavLink;
  secondary: NavLink;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="cta-heading" className="band-dark">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{lead}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink href={primary.href} variant="secondary">
            {primary.label}
          </ButtonLink>
          <ButtonLink href={secondary.href} variant="light">
            {secondary.label}
          </ButtonLink>
        </div>
        {children}
      </div>
    </section>
  );
}
