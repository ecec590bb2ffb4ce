import type { ServiceCard } from "../catalogue/services-copy.ts";
import { serviceCardLabels as labels } from "../site/services-page-copy.ts";
import { buttonClass } from "./ButtonLink.tsx";
import { Icon } from "./Icon.tsx";
import { IconTile } from "./IconTile.tsx";

/** Label beside the value on phones, above it from the small breakpoint up. */
const metaBox = "flex items-center justify-between gap-3 rounded-xl p-4 sm:block";

function CheckList({ title, items, icon }: { title: string; items: string[]; icon: "check" | "star" }) {
  return (
    <div>
      <h4 className="text-sm font-semibold tracking-wide text-slate-900 uppercase">{title}</h4>
      <ul className="mt-3 space-y-2">
        {items.map((item) => (
          <li key={item} className="flex gap-2.5 text-slate-700">
            <Icon name={icon} className="mt-0.5 size-5 shrink-0 text-brand-600" />
            {item}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The full form of a service (/services). Its two buttons repeat on every card, so each is
 * described by the card's title for screen-reader users listing links.
 */
export function ServiceDetail({ service }: { service: ServiceCard }) {
  const titleId = `${service.id}-title`;
  return (
    <article
      id={service.id}
      aria-labelledby={titleId}
      className="grid gap-8 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 lg:grid-cols-5 lg:gap-10"
    >
      <div className="flex flex-col lg:col-span-3">
        <div className="flex items-start gap-4">
          <IconTile name={service.icon} size="lg" />
          <div>
            <h3 id={titleId} className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
              {service.title}
            </h3>
            <p className="mt-1 font-medium text-brand-700">{service.tagline}</p>
          </div>
        </div>
        <p className="mt-5 leading-7 text-slate-600">{service.description}</p>
        <dl className="mt-6 grid gap-3 sm:grid-cols-2 sm:gap-4">
          <div className={`${metaBox} bg-slate-50`}>
            <dt className="flex shrink-0 items-center gap-1.5 text-sm text-slate-600">
              <Icon name="clock" className="size-4" />
              {labels.timeline}
            </dt>
            <dd className="text-right text-lg font-semibold sm:mt-1 sm:text-left text-slate-900">{service.timeline}</dd>
          </div>
          <div className={`${metaBox} bg-brand-50`}>
            <dt className="flex shrink-0 items-center gap-1.5 text-sm text-brand-800">
              <Icon name="wallet" className="size-4" />
              {labels.pricing}
            </dt>
            <dd className="text-right text-lg font-semibold sm:mt-1 sm:text-left text-brand-900">{service.pricing}</dd>
          </div>
        </dl>
        <div className="mt-6 grid gap-3 sm:flex lg:mt-auto lg:pt-6">
          <a href={labels.requestQuote.href} aria-describedby={titleId} className={buttonClass("primary")}>
            {labels.requestQuote.label}
          </a>
          <a href={labels.caseStudies.href} aria-describedby={titleId} className={buttonClass("outline")}>
            {labels.caseStudies.label}
          </a>
        </div>
      </div>
      <div className="space-y-6 rounded-2xl bg-slate-50 p-5 sm:p-6 lg:col-span-2">
        <CheckList title={labels.deliverables} items={service.deliverables} icon="check" />
        <CheckList title={labels.benefits} items={service.benefits} icon="star" />
      </div>
    </article>
  );
}
