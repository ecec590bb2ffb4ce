import { portraits } from "../site/art-copy.ts";
import type { Testimonial } from "../site/testimonials-copy.ts";
import { Icon } from "./Icon.tsx";
import { Illustration } from "./Illustration.tsx";

type Props = { testimonial: Testimonial; resultLabel: string };

/** The measured result, read as "Result: …". */
function Result({ metric, resultLabel }: { metric: string; resultLabel: string }) {
  return (
    <p className="inline-flex items-center gap-2 self-start rounded-full bg-accent-50 px-3 py-1 text-sm font-semibold text-accent-700 ring-1 ring-accent-100">
      <Icon name="trendingUp" className="size-4" />
      <span className="sr-only">{`${resultLabel}: `}</span>
      {metric}
    </p>
  );
}

/** Who said it: portrait, name, role and company. */
function Attribution({ testimonial, large }: { testimonial: Testimonial; large?: boolean }) {
  const { author, role, company } = testimonial;
  const portrait = portraits[author];
  return (
    <figcaption className="mt-6 flex items-center gap-4">
      {portrait && (
        <Illustration
          art={portrait}
          alt=""
          className={`shrink-0 rounded-full bg-brand-50 ${large ? "size-16 sm:size-20" : "size-12"}`}
        />
      )}
      <span className="text-sm">
        <span className="block font-semibold text-slate-900">{author}</span>
        <span className="block text-slate-600">{`${role}, ${company}`}</span>
      </span>
    </figcaption>
  );
}

/** The featured testimonial: its words large, as a pull quote. */
export function PullQuote({ testimonial, resultLabel }: Props) {
  return (
    <figure className="flex flex-col rounded-3xl bg-white p-6 ring-1 ring-slate-200 sm:p-10 lg:p-12">
      <Result metric={testimonial.metric} resultLabel={resultLabel} />
      <blockquote className="mt-6 text-xl leading-8 font-medium text-pretty text-slate-900 sm:text-2xl sm:leading-10">
        <p>{`“${testimonial.quote}”`}</p>
      </blockquote>
      <Attribution testimonial={testimonial} large />
    </figure>
  );
}

/** A client quote with its measured result up front and who said it underneath. */
export function TestimonialCard({ testimonial, resultLabel }: Props) {
  return (
    <figure className="flex h-full flex-col rounded-2xl bg-white p-6 ring-1 ring-slate-200 sm:p-8">
      <Result metric={testimonial.metric} resultLabel={resultLabel} />
      <blockquote className="mt-5 flex-1 leading-7 text-slate-700">
        <p>{`“${testimonial.quote}”`}</p>
      </blockquote>
      <Attribution testimonial={testimonial} />
    </figure>
  );
}
