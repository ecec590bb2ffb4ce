import type { ServiceCard as Service } from "../catalogue/services-copy.ts";
import { IconTile } from "./IconTile.tsx";

/** The short form of a service (Home): icon, title, tagline, timeline and price, a link to its details. */
export function ServiceCard({ service, href, linkLabel }: { service: Service; href: string; linkLabel: string }) {
  return (
    <article className="flex h-full flex-col rounded-2xl bg-white p-6 ring-1 ring-slate-200">
      <div className="flex items-center gap-4 sm:block">
        <IconTile name={service.icon} />
        <h3 className="text-xl font-semibold text-slate-900 sm:mt-5">{service.title}</h3>
      </div>
      <p className="mt-2 flex-1 leading-7 text-slate-600">{service.tagline}</p>
      <dl className="mt-5 flex flex-wrap justify-between gap-2 border-t border-slate-100 pt-4 text-sm">
        <dt className="sr-only">Timeline</dt>
        <dd className="text-slate-600">{service.timeline}</dd>
        <dt className="sr-only">Starting price</dt>
        <dd className="font-semibold text-brand-800">{service.pricing}</dd>
      </dl>
      <a
        href={href}
        className="mt-4 self-start text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline"
      >
        {linkLabel}
        <span className="sr-only">{` about ${service.title}`}</span>
      </a>
    </article>
  );
}
