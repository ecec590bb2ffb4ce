import type { PlanMonthHistory } from "../billing/mpesa-plan-history.ts";
import { hasEnded } from "../billing/subscription-status.ts";
import { plans } from "../catalogue/pricing-copy.ts";
import { pricingItemId } from "../catalogue/pricing-item-id.ts";
import { formatKes } from "../lib/kes.ts";
import { formatMoney } from "../lib/money.ts";
import { adminOrderAnchor } from "../paths.ts";
import { AdminShell } from "./admin-chrome.tsx";
import { adminCopy } from "./admin-copy.ts";
import type { AdminChrome } from "./admin-sections.ts";
import { adminSubscriptionsCopy } from "./admin-subscriptions-copy.ts";
import { CellLabel, CollapsingTable, cell, day, link, NoRows, Pill, row, wrappingLink } from "./admin-ui.tsx";
import type { BackOfficeSubscription, MonthlyRevenue, SubscriptionsView } from "./subscription-section.ts";
import { VisitorText } from "./visitor-text.tsx";

const tone = (status: string): "brand" | "red" | "slate" =>
  status === "active" || status === "trialing"
    ? "brand"
    : status === "past_due" || status === "unpaid"
      ? "red"
      : "slate";

function Revenue({ revenue }: { revenue: MonthlyRevenue[] }) {
  const copy = adminSubscriptionsCopy;
  return (
    <section aria-labelledby="revenue-heading" className="mt-4 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h2 id="revenue-heading" className="text-sm font-semibold text-slate-700">
        {copy.revenue}
      </h2>
      {revenue.length === 0 ? (
        <p className="mt-1 text-slate-700">{copy.revenueNone}</p>
      ) : (
        <ul className="mt-1">
          {revenue.map((r) => (
            <li key={r.currency} className="text-xl font-bold text-slate-900 tabular-nums" data-revenue={r.currency}>
              {copy.revenueLine(formatMoney(r.monthly_cents, r.currency), r.subscriptions)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A plan of our catalogue by id (pricing-business), for its name and monthly price. */
const planById = (id: string | null) => (id ? plans.find((plan) => pricingItemId(plan.name) === id) : undefined);

/**
 * Whether a scheduled change moves up or down: between plans by their monthly price, within a plan
 * (monthly ↔ yearly) a switch.
 */
function direction(sub: BackOfficeSubscription): "upgrade" | "downgrade" | "switch" {
  const now = planById(sub.plan_id);
  const next = planById(sub.pending_plan_id);
  if (!now || !next || now === next) return "switch";
  return next.price > now.price ? "upgrade" : next.price < now.price ? "downgrade" : "switch";
}

function PlanCell({ sub }: { sub: BackOfficeSubscription }) {
  const copy = adminSubscriptionsCopy;
  const current = planById(sub.plan_id);
  const target = planById(sub.pending_plan_id);
  return (
    <td className={cell} data-plan={sub.plan_id ?? undefined} data-interval={sub.plan_interval ?? undefined}>
      <CellLabel>{copy.columns.plan}</CellLabel>
      {current ? copy.plan(current.name, sub.plan_interval) : "-"}
      {sub.pending_at && (
        <p
          className="mt-1 text-xs text-slate-600"
          data-pending={sub.pending_plan_id ?? ""}
          data-pending-at={sub.pending_at}
        >
          {copy.pending(
            direction(sub),
            target
              ? copy.plan(target.name, sub.pending_interval === sub.plan_interval ? null : sub.pending_interval)
              : null,
            day(sub.pending_at),
          )}
        </p>
      )}
      <MonthsHistory months={sub.months} />
    </td>
  );
}

/** An M-Pesa plan's months, newest first: what each cost, how it was asked for, how it ended. */
function MonthsHistory({ months }: { months: PlanMonthHistory[] }) {
  const copy = adminSubscriptionsCopy;
  if (months.length === 0) return null;
  return (
    <details className="mt-2 text-xs text-slate-700" data-months="">
      <summary className="inline-flex min-h-6 cursor-pointer items-center font-semibold text-slate-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
        {copy.history(months.length)}
      </summary>
      <ol className="mt-1 space-y-1">
        {months.map((month) => (
          <li key={month.period_start} data-month={month.period_start} data-month-status={month.status}>
            <time dateTime={month.period_start}>{day(month.period_start)}</time> –{" "}
            <time dateTime={month.period_end}>{day(month.period_end)}</time> ·{" "}
            <strong>{copy.monthStatus[month.status] ?? month.status}</strong> · {formatKes(month.kes_amount)}
            {copy.prompts(month.prompts, month.failures)}
            {month.last_result && month.status !== "paid" && (
              <>
                {" "}
                · {copy.lastResult} <VisitorText text={month.last_result} />
              </>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

/** When an M-Pesa plan is next due, or (past due) since when it is unpaid. */
function NextDue({ sub }: { sub: BackOfficeSubscription }) {
  const copy = adminSubscriptionsCopy;
  if (!sub.mpesa_next_due_on) return null;
  return (
    <>
      {sub.status === "past_due" ? copy.overdue : copy.nextDue}{" "}
      <time dateTime={sub.mpesa_next_due_on} data-next-due={sub.mpesa_next_due_on}>
        {day(sub.mpesa_next_due_on)}
      </time>
    </>
  );
}

function SubscriptionRowView({ sub }: { sub: BackOfficeSubscription }) {
  const copy = adminSubscriptionsCopy;
  const { columns } = copy;
  const statusLabel = copy.statusLabels[sub.status] ?? sub.status;
  const ended = hasEnded(sub.status);
  return (
    <tr
      id={`subscription-${sub.subscription_id}`}
      className={row}
      data-subscription-id={sub.subscription_id}
      data-session-id={sub.order_id}
    >
      <td className={cell}>
        <CellLabel>{columns.status}</CellLabel>
        <Pill tone={tone(sub.status)} data={sub.status}>
          {statusLabel}
        </Pill>
        <p className="mt-1 text-xs text-slate-600" data-channel={sub.mpesa_reference ? "mpesa" : "card"}>
          {sub.mpesa_reference ? copy.channel.mpesa : copy.channel.card}
        </p>
        {sub.review_reason && (
          <p className="mt-2 max-w-56 text-xs [overflow-wrap:anywhere] text-red-800" data-review>
            {copy.review} <VisitorText text={sub.review_reason} />
          </p>
        )}
      </td>
      <td className={`${cell} [overflow-wrap:anywhere] md:max-w-xs`}>
        <CellLabel>{columns.customer}</CellLabel>
        <p className="font-medium text-slate-900">
          <VisitorText text={sub.customer_name} />
        </p>
        {sub.customer_company && (
          <p>
            <VisitorText text={sub.customer_company} />
          </p>
        )}
        <p>
          <a className={wrappingLink} href={`mailto:${sub.customer_email}`}>
            <VisitorText text={sub.customer_email} />
          </a>
        </p>
      </td>
      <td className={`${cell} [overflow-wrap:anywhere]`}>
        <CellLabel>{columns.order}</CellLabel>
        <a
          className={`${link} break-all`}
          href={adminOrderAnchor(sub.order_id, `q=${encodeURIComponent(sub.order_id)}`)}
        >
          {sub.order_ref ?? sub.order_id}
        </a>
        <p className="text-xs text-slate-600">
          <code className="break-all">{sub.subscription_id}</code>
        </p>
        {sub.mpesa_reference && (
          <p className="text-xs text-slate-600">
            {copy.reference} <code>{sub.mpesa_reference}</code>
          </p>
        )}
        <p className="text-xs text-slate-600">
          {copy.started} <time dateTime={sub.created_at}>{day(sub.created_at)}</time>
        </p>
      </td>
      <PlanCell sub={sub} />
      <td
        className={`${cell} whitespace-nowrap`}
        data-renews-at={sub.renews_at ?? undefined}
        data-ends-at={sub.ends_at ?? undefined}
      >
        <CellLabel>{columns.dates}</CellLabel>
        {sub.mpesa_next_due_on && !sub.ends_at && !ended ? (
          <NextDue sub={sub} />
        ) : sub.renews_at ? (
          <>
            {copy.renews} <time dateTime={sub.renews_at}>{day(sub.renews_at)}</time>
          </>
        ) : sub.ends_at ? (
          <>
            {ended ? copy.ended : copy.ends} <time dateTime={sub.ends_at}>{day(sub.ends_at)}</time>
          </>
        ) : (
          "-"
        )}
      </td>
      <td className={`${cell} font-semibold whitespace-nowrap tabular-nums md:text-right`}>
        <CellLabel>{columns.monthly}</CellLabel>
        {formatMoney(sub.monthly_cents, sub.currency)} {copy.perMonth}
        {sub.plan_interval === "year" && sub.plan_amount_cents !== null && (
          <p className="text-xs font-normal text-slate-600">
            {copy.perYear(formatMoney(sub.plan_amount_cents, sub.currency))}
          </p>
        )}
      </td>
    </tr>
  );
}

export function SubscriptionsSection({ chrome, view }: { chrome: AdminChrome; view: SubscriptionsView }) {
  const copy = adminSubscriptionsCopy;
  const { columns } = copy;
  return (
    <AdminShell
      chrome={chrome}
      lead={
        <>
          <p className="mt-2 max-w-3xl text-sm text-slate-600">{adminCopy.paymentsLead}</p>
          <p className="mt-1 max-w-3xl text-sm text-slate-600">{copy.mpesaLead}</p>
        </>
      }
    >
      <Revenue revenue={view.monthlyRevenue} />
      {view.rows.length === 0 ? (
        <NoRows text={copy.empty} stopped={chrome.stoppedAt !== null} />
      ) : (
        <CollapsingTable
          caption={copy.heading}
          headers={[
            { label: columns.status },
            { label: columns.customer },
            { label: columns.order },
            { label: columns.plan },
            { label: columns.dates },
            { label: columns.monthly, right: true },
          ]}
        >
          <tbody className="block md:table-row-group">
            {view.rows.map((sub) => (
              <SubscriptionRowView key={sub.subscription_id} sub={sub} />
            ))}
          </tbody>
        </CollapsingTable>
      )}
    </AdminShell>
  );
}
