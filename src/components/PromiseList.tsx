import type { Feature } from "../site/claims-copy.ts";
import { Icon } from "./Icon.tsx";

/** The pre-sale promises as a compact row of ticks, for dark bands. */
export function PromiseList({ promises, className = "" }: { promises: Feature[]; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-brand-50 ${className}`}>
      {promises.map((promise) => (
        <li key={promise.title} className="flex items-center gap-2">
          <Icon name="checkCircle" className="size-5 text-accent-300" />
          {promise.title}
        </li>
      ))}
    </ul>
  );
}
