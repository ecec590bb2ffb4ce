import type { ReactNode } from "react";

/** The top band of an inner page: its single h1, a lead paragraph and optional actions. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow?: string;
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <section className="band-dark">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {lead && <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-brand-100">{lead}</p>}
        {children && <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>}
      </div>
    </section>
  );
}
