import type { Plan } from "../content/pricing.ts";
import type { ComparisonValue } from "../content/pricing-extras.ts";
import { comparison, pricingLabels } from "../content/pricing-extras.ts";
import { Icon } from "./Icon.tsx";

/** The feature column stays put while the plans scroll; its inset shadow marks the edge it scrolls under. */
const stickyCell =
  "sticky left-0 z-10 bg-white px-4 shadow-[inset_-1px_0_0_var(--color-slate-200)] sm:px-6 sm:shadow-none";

function Cell({ value }: { value: ComparisonValue }) {
  if (typeof value === "string") return <>{value}</>;
  return value ? (
    <>
      <Icon name="check" className="mx-auto size-5 text-brand-600" />
      <span className="sr-only">{pricingLabels.included}</span>
    </>
  ) : (
    <>
      <span aria-hidden="true" className="text-slate-400">
        —
      </span>
      <span className="sr-only">{pricingLabels.notIncluded}</span>
    </>
  );
}

/**
 * The plans side by side. On narrow screens the table scrolls inside its own focusable region (so
 * keyboard users can scroll it too) while the feature column stays in view.
 */
export function ComparisonTable({ plans }: { plans: Plan[] }) {
  const captionId = "comparison-caption";
  const highlight = (plan: Plan) => (plan.popular ? "bg-brand-50" : "");
  return (
    <>
      <p className="mb-3 text-center text-sm text-slate-600 sm:hidden">{comparison.scrollHint}</p>
      <section
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
      >
        <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
          <caption id={captionId} className="sr-only">
            {comparison.caption}
          </caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className={`${stickyCell} py-4 font-semibold text-slate-900`}>
                {comparison.featureHeader}
              </th>
              {plans.map((plan) => (
                <th
                  key={plan.name}
                  scope="col"
                  className={`px-4 py-4 text-center text-base font-bold text-slate-900 ${highlight(plan)}`}
                >
                  {plan.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {comparison.rows.map((row) => (
              <tr key={row.feature}>
                <th scope="row" className={`${stickyCell} py-3 font-medium text-slate-700`}>
                  {row.feature}
                </th>
                {plans.map((plan, i) => (
                  <td key={plan.name} className={`px-4 py-3 text-center text-slate-700 ${highlight(plan)}`}>
                    <Cell value={row.values[i] ?? false} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}
