import type { Plan } from "../catalogue/pricing-copy.ts";
import type { ComparisonValue } from "../catalogue/pricing-extras-copy.ts";
import { comparison, pricingLabels } from "../catalogue/pricing-extras-copy.ts";
import { Icon } from "./Icon.tsx";

/** The feature column: a third of a phone's width, the plans share the rest. */
const featureCell = "w-1/3 px-3 sm:w-auto sm:px-6";

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
 * The plans side by side, in one table that fits a 360px phone without scrolling sideways: the
 * feature column takes two fifths, the plans share the rest, and long values wrap.
 */
export function ComparisonTable({ plans }: { plans: Plan[] }) {
  const captionId = "comparison-caption";
  const highlight = (plan: Plan) => (plan.popular ? "bg-brand-50" : "");
  return (
    <section
      aria-labelledby={captionId}
      className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full table-fixed border-collapse text-left text-xs sm:table-auto sm:text-sm">
        <caption id={captionId} className="sr-only">
          {comparison.caption}
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={`${featureCell} py-4 font-semibold text-slate-900`}>
              {comparison.featureHeader}
            </th>
            {plans.map((plan) => (
              <th
                key={plan.name}
                scope="col"
                className={`px-1 py-4 text-center font-bold text-slate-900 sm:px-4 sm:text-base ${highlight(plan)}`}
              >
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {comparison.rows.map((row) => (
            <tr key={row.feature}>
              <th scope="row" className={`${featureCell} py-3 font-medium text-slate-700`}>
                {row.feature}
              </th>
              {plans.map((plan, i) => (
                <td
                  key={plan.name}
                  className={`px-1 py-3 text-center break-words text-slate-700 sm:px-4 ${highlight(plan)}`}
                >
                  <Cell value={row.values[i] ?? false} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
