import type { Testimonial } from "../content/testimonials.ts";
import { Icon } from "./Icon.tsx";

const initials = (name: string) =>
  name
    .replace(/^Dr\.\s+/, "")
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .slice(0, 2);

/** A client quote with its measured result up front and who said it underneath. */
export function TestimonialCard({ testimonial, resultLabel }: { testimonial: Testimonial; resultLabel: string }) {
  const { quote, author, role, company, metric } = testimonial;
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <p className="inline-flex items-center gap-2 self-start rounded-full bg-accent-50 px-3 py-1 text-sm font-semibold text-accent-700 ring-1 ring-accent-100">
        <Icon name="trendingUp" className="size-4" />
        <span className="sr-only">{resultLabel}: </span>
        {metric}
      </p>
      <span aria-hidden="true" className="mt-5 h-8 font-serif text-6xl leading-none text-brand-200">
        &ldquo;
      </span>
      <blockquote className="mt-1 flex-1 leading-7 text-slate-700">
        <p>{quote}</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-5">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
        >
          {initials(author)}
        </span>
        <span className="text-sm">
          <span className="block font-semibold text-slate-900">{author}</span>
          <span className="block text-slate-600">
            {role}, {company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}
