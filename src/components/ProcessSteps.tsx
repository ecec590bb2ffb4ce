import type { ProcessStep } from "../site/process-copy.ts";
import { IconTile } from "./IconTile.tsx";

/** The numbered four-step method, as an ordered list of cards joined by a line on wide screens. */
export function ProcessSteps({ steps, stepLabel }: { steps: ProcessStep[]; stepLabel: string }) {
  return (
    <ol className="relative grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {steps.map((step, index) => (
        <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex items-center justify-between">
            <IconTile name={step.icon} />
            <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold tracking-wide text-brand-800 uppercase">
              {stepLabel} {String(index + 1).padStart(2, "0")}
            </span>
          </div>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
          <p className="mt-2 leading-7 text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
