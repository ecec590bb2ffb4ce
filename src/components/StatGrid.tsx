import type { Stat } from "../site/claims-copy.ts";
import { Icon } from "./Icon.tsx";

/**
 * Headline figures. "band" sits on a dark brand strip (Home); "cards" are white cards on a light
 * band (About). The figure comes first visually but the label is read with it as one item.
 */
export function StatGrid({ stats, variant = "cards" }: { stats: Stat[]; variant?: "band" | "cards" }) {
  const band = variant === "band";
  return (
    <ul className={`grid grid-cols-2 gap-4 lg:grid-cols-4 ${band ? "sm:gap-8" : "sm:gap-6"}`}>
      {stats.map((stat) => (
        <li
          key={stat.label}
          className={
            band ? "text-center" : "rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:p-6"
          }
        >
          <Icon name={stat.icon} className={`mx-auto size-7 ${band ? "text-accent-300" : "text-brand-600"}`} />
          <p
            className={`mt-3 text-3xl font-extrabold tracking-tight sm:text-4xl ${band ? "text-white" : "text-brand-800"}`}
          >
            {stat.number}
          </p>
          <p className={`mt-1 text-sm font-medium ${band ? "text-brand-100" : "text-slate-600"}`}>{stat.label}</p>
        </li>
      ))}
    </ul>
  );
}
