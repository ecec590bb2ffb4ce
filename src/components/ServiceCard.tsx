import type { ServiceCard as Service } from "../content/services.ts";
import { Icon } from "./Icon.tsx";
import { IconTile } from "./IconTile.tsx";

/** The short form of a service (Home): icon, title, tagline, timeline and price, a link to its details. */
export function ServiceCard({ service, href, linkLabel }: { service: Service; href: string; linkLabel: string }) {
  return (
    <article className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md">
      <div className="flex items-center gap-4 sm:block">
        <IconTile name={service.icon} />
        <h3 className="text-xl font-semibold text-slate-900 sm:mt-5">{service.title}</h3>
      </div>
      <p className="mt-3 flex-1 leading-7 text-slate-600 sm:mt-2">{service.tagline}</p>
      <dl className="mt-5 flex flex-wrap gap-x-5 gap-y-2 border-t border-slate-100 pt-4 text-sm">
        <div className="flex items-center gap-1.5 text-slate-600">
          <dt>
            <Icon name="clock" className="size-4" label="Timeline" />
          </dt>
          <dd>{service.timeline}</dd>
        </div>
        <div className="flex items-center gap-1.5 font-semibold text-brand-800">
          <dt className="sr-only">Starting price</dt>
          <dd>{service.pricing}</dd>
        </div>
      </dl>
      <a
        href={href}
        className="mt-4 inline-flex items-center gap-1.5 self-start rounded text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline"
      >
        {linkLabel}
        <span className="sr-only"> about {service.title}</span>
        <Icon name="arrowRight" className="size-4 transition-transform group-hover:translate-x-0.5" />
      </a>
    </article>
  );
}
