/**
 * The refund form of one payment and the second look before anything is sent (docs/refunds.md).
 * Plain forms: they work without scripts. Nothing takes the focus on the second look, so Enter on
 * a page that just loaded refunds nothing.
 */
import { AdminHeader } from "../admin/admin-chrome.tsx";
import { adminCopy } from "../admin/admin-copy.ts";
import { button, field, secondaryButton } from "../admin/admin-ui.tsx";
import { VisitorText } from "../admin/visitor-text.tsx";
import { formatMoney } from "../lib/money.ts";
import { ADMIN_REFUNDS_PATH, adminOrderAnchor, adminSectionPaths } from "../paths.ts";
import type { Page } from "../render/page.ts";
import type { RefundAsk } from "./refund-form.ts";
import type { RefundOptions } from "./refund-options.ts";
import { type RefundWay, refundsCopy } from "./refunds-copy.ts";

const label = "block text-sm font-semibold text-slate-800";
const hint = "text-xs text-slate-600";

/** What the form shows back after a refusal: the owner's values and why. */
export type RefundFormState = {
  error: string | null;
  values: { way?: RefundWay; amount?: string; reason?: string; reference?: string };
};

/** Where the owner goes back to: the order's card in Orders. */
export const orderHref = (orderId: string | null): string =>
  orderId ? adminOrderAnchor(orderId, `q=${encodeURIComponent(orderId)}`) : adminSectionPaths.orders;

function PaymentFacts({ options }: { options: RefundOptions }) {
  const copy = refundsCopy.form;
  const { payment } = options;
  const money = (cents: number) => formatMoney(cents, payment.currency);
  const rows: [string, string][] = [
    [copy.paid, money(payment.amount_cents)],
    [copy.refunded, money(options.succeededCents)],
    ...(options.pendingCents > 0 ? [[copy.pending, money(options.pendingCents)] as [string, string]] : []),
    [copy.left, money(options.leftCents)],
  ];
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-left={options.leftCents}>
      <dt className="font-semibold text-slate-700">{copy.payment}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere] text-slate-900">
        <VisitorText text={payment.reference ?? payment.payment_id} />
      </dd>
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-700">{term}</dt>
          <dd className="tabular-nums text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function WayChoice({ options, chosen }: { options: RefundOptions; chosen: RefundWay }) {
  const copy = refundsCopy;
  return (
    <fieldset className="mt-4">
      <legend className={label}>{copy.form.way}</legend>
      {options.ways.map((way) => (
        <div key={way} className="mt-2 flex items-start gap-2">
          <input
            id={`way-${way}`}
            type="radio"
            name="way"
            value={way}
            defaultChecked={way === chosen}
            aria-describedby={`way-${way}-hint`}
            className="mt-1 size-4"
          />
          <div>
            <label htmlFor={`way-${way}`} className="text-sm font-semibold text-slate-900">
              {copy.ways[way]}
            </label>
            <p id={`way-${way}-hint`} className={hint}>
              {copy.wayHints[way]}
              {way === "mpesa" &&
                ` ${copy.form.wholeOnly(formatMoney(options.payment.amount_cents, options.payment.currency))}`}
            </p>
          </div>
        </div>
      ))}
      {options.unavailable && <p className="mt-2 text-xs text-slate-700">{options.unavailable}</p>}
    </fieldset>
  );
}

function RefundForm({ options, state }: { options: RefundOptions; state: RefundFormState }) {
  const copy = refundsCopy.form;
  const { payment } = options;
  const v = state.values;
  const left = formatMoney(options.leftCents, payment.currency);
  const chosen = v.way && options.ways.includes(v.way) ? v.way : (options.ways[0] ?? "bank");
  return (
    <form method="post" action={ADMIN_REFUNDS_PATH} className="mt-6 max-w-xl" noValidate>
      <input type="hidden" name="payment" value={payment.payment_id} />
      <WayChoice options={options} chosen={chosen} />
      <label htmlFor="refund-amount" className={`${label} mt-4`}>
        {copy.amount}
      </label>
      <p id="refund-amount-hint" className={hint}>
        {copy.amountHint(payment.currency, left)}
      </p>
      <input
        id="refund-amount"
        name="amount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        required
        maxLength={20}
        defaultValue={v.amount ?? (options.leftCents / 100).toFixed(2)}
        aria-describedby="refund-amount-hint"
        className={`${field} max-w-xs tabular-nums`}
      />
      <label htmlFor="refund-reason" className={`${label} mt-4`}>
        {copy.reason}
      </label>
      <p id="refund-reason-hint" className={hint}>
        {copy.reasonHint(500)}
      </p>
      <textarea
        id="refund-reason"
        name="reason"
        required
        maxLength={500}
        rows={3}
        defaultValue={v.reason ?? ""}
        aria-describedby="refund-reason-hint"
        className={field}
      />
      {options.ways.includes("bank") && (
        <>
          <label htmlFor="refund-reference" className={`${label} mt-4`}>
            {copy.reference}
          </label>
          <p id="refund-reference-hint" className={hint}>
            {copy.referenceHint}
          </p>
          <input
            id="refund-reference"
            name="reference"
            type="text"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            defaultValue={v.reference ?? ""}
            aria-describedby="refund-reference-hint"
            className={`${field} max-w-xs`}
          />
        </>
      )}
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <button type="submit" className={button}>
          {copy.review}
        </button>
        <a href={orderHref(payment.order_id)} className={secondaryButton}>
          {copy.back}
        </a>
      </div>
    </form>
  );
}

function FormBody({ options, state, who }: { options: RefundOptions; state: RefundFormState; who: string }) {
  const copy = refundsCopy.form;
  return (
    <>
      <AdminHeader current="orders" who={who} />
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{copy.heading}</h1>
        <p className="mt-2 text-sm text-slate-600">{copy.lead}</p>
        <PaymentFacts options={options} />
        {state.error && (
          <p className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm font-semibold text-red-800" role="alert">
            {state.error}
          </p>
        )}
        {options.ways.length > 0 && options.leftCents > 0 ? (
          <RefundForm options={options} state={state} />
        ) : (
          <p className="mt-6">
            <a href={orderHref(options.payment.order_id)} className={secondaryButton}>
              {copy.back}
            </a>
          </p>
        )}
      </main>
    </>
  );
}

/** The form of one payment, with the owner's values and why they were refused, if they were. */
export function refundFormPage(options: RefundOptions, state: RefundFormState, who: string): Page {
  return {
    path: ADMIN_REFUNDS_PATH,
    title: adminCopy.sectionTitle(refundsCopy.form.title),
    description: "",
    layout: "back-office",
    render: () => <FormBody options={options} state={state} who={who} />,
  };
}

function ReviewBody(props: { options: RefundOptions; ask: RefundAsk; fields: Record<string, string>; who: string }) {
  const { options, ask, fields, who } = props;
  const copy = refundsCopy.review;
  const { payment } = options;
  const amount = formatMoney(ask.amountCents, payment.currency);
  const rows: [string, string][] = [
    [copy.amount, amount],
    [copy.of, `${formatMoney(payment.amount_cents, payment.currency)} · ${payment.reference ?? payment.payment_id}`],
    [copy.way, refundsCopy.ways[ask.way]],
    [copy.reason, ask.reason],
    ...(ask.reference ? [[copy.reference, ask.reference] as [string, string]] : []),
  ];
  return (
    <>
      <AdminHeader current="orders" who={who} />
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900">{copy.heading}</h1>
        <section
          aria-label={copy.heading}
          className="mt-4 rounded-md bg-accent-100 p-4 ring-1 ring-accent-700"
          data-confirm-refund={ask.amountCents}
        >
          <p className="text-sm font-semibold text-slate-900" role="alert">
            {copy.notYet}
          </p>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {rows.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="font-semibold text-slate-700">{term}</dt>
                <dd className="min-w-0 whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-900">
                  <VisitorText text={value} />
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-sm text-slate-700">
            {copy.buyer}. {copy.credit}
          </p>
          <form method="post" action={ADMIN_REFUNDS_PATH} className="mt-3 flex flex-wrap items-center gap-3">
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className={button}>
              {copy.submit(amount)}
            </button>
            <a href={orderHref(payment.order_id)} className={secondaryButton}>
              {copy.cancel}
            </a>
          </form>
        </section>
      </main>
    </>
  );
}

/** The second look: what will be refunded and how, and the button that refunds exactly that. */
export function refundReviewPage(
  options: RefundOptions,
  ask: RefundAsk,
  fields: Record<string, string>,
  who: string,
): Page {
  return {
    path: ADMIN_REFUNDS_PATH,
    title: adminCopy.sectionTitle(refundsCopy.review.title),
    description: "",
    layout: "back-office",
    render: () => <ReviewBody options={options} ask={ask} fields={fields} who={who} />,
  };
}
