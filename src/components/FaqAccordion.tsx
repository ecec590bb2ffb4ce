import type { QuestionAnswer } from "../catalogue/pricing-extras-copy.ts";
import { Icon } from "./Icon.tsx";

/**
 * Questions as <details> sharing one `name`: the browser keeps at most one of them open and lets the
 * open one close, with no script. Each summary is a native button for keyboard users.
 */
export function FaqAccordion({ name, items }: { name: string; items: QuestionAnswer[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
      {items.map((item) => (
        <details key={item.question} name={name} className="group/faq">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 group-open/faq:text-brand-800 hover:bg-slate-50 focus-visible:outline-offset-[-2px] sm:px-6 [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <Icon
              name="chevronDown"
              className="size-5 shrink-0 text-brand-700 transition-transform duration-200 group-open/faq:rotate-180 motion-reduce:transition-none"
            />
          </summary>
          <div className="px-5 pb-5 text-slate-600 sm:px-6">
            <p className="leading-7">{item.answer}</p>
            {item.links && (
              <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
                {item.links.map((link) => (
                  <li key={link.href}>
                    <a
                      href={link.href}
                      className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:text-brand-900 hover:underline"
                    >
                      {link.label}
                      <Icon name="arrowRight" className="size-4" />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </details>
      ))}
    </div>
  );
}
