import type { ProcessStep } from "../site/process-copy.ts";
import { Icon } from "./Icon.tsx";

/**
 * The four-step method as a timeline on a dark band: one line runs through the steps' markers,
 * down the page on a phone and across it on a wide screen.
 */
export function Timeline({ steps, stepLabel }: { steps: ProcessStep[]; stepLabel: string }) {
  return (
    <ol className="relative grid gap-10 before:absolute before:inset-y-8 before:left-8 before:w-px before:bg-brand-600 lg:grid-cols-4 lg:gap-8 lg:before:inset-x-8 lg:before:top-8 lg:before:bottom-auto lg:before:h-px lg:before:w-auto">
      {steps.map((step, index) => (
        <li key={step.title} className="relative pl-20 lg:pt-20 lg:pl-0">
          <span className="absolute top-0 left-0 flex size-16 items-center justify-center rounded-full border-8 border-brand-900 bg-accent-300 text-brand-900">
            <Icon name={step.icon} className="size-6" />
          </span>
          <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">
            {`${stepLabel} ${String(index + 1).padStart(2, "0")}`}
          </p>
          <h3 className="mt-1 text-lg font-semibold text-white">{step.title}</h3>
          <p className="mt-2 leading-7 text-brand-100">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
