/**
 * "Record a payment": the owner's form for a bank transfer or an M-Pesa paybill payment, on a
 * quote's row in Quotes and on an order's card in Orders, folded until opened. Posts to
 * /admin/payments (src/payments/payment-admin-routes.ts), which checks every field again.
 */

import { button } from "../admin/admin-ui.tsx";
import { formatMoney } from "../lib/money.ts";
import { ADMIN_PAYMENTS_PATH } from "../paths.ts";
import { EARLIEST_PAID_ON, MANUAL_NOTE_MAX } from "./manual-payment-form.ts";
import type { OrderBalance } from "./order-balance-queries.ts";
import { adminPaymentsCopy } from "./payments-admin-copy.ts";

/** What the payment is for: a quote by its number, or an order by its session id (and its reference to name it). */
type PaymentTarget = { kind: "quote"; number: string } | { kind: "order"; orderId: string; label: string };

const input =
  "mt-1 block min-h-10 w-full min-w-0 rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";
const label = "block text-sm font-semibold text-slate-800";
const hint = "text-xs text-slate-600";

/** Ids unique on the page: quote numbers and session ids are letters, digits, - and _. */
const idOf = (target: PaymentTarget): string =>
  target.kind === "quote" ? `pay-quote-${target.number}` : `pay-order-${target.orderId}`;

/** A labelled text input with its hint read with it. */
function TextField({
  id,
  name,
  text,
  hintText,
  decimal = false,
  minLength,
  maxLength,
}: {
  id: string;
  name: string;
  text: string;
  hintText: string;
  decimal?: boolean;
  minLength?: number;
  maxLength: number;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <p id={`${id}-hint`} className={hint}>
        {hintText}
      </p>
      <input
        id={id}
        name={name}
        type="text"
        inputMode={decimal ? "decimal" : undefined}
        autoComplete="off"
        spellCheck={false}
        required
        minLength={minLength}
        maxLength={maxLength}
        aria-describedby={`${id}-hint`}
        className={input}
      />
    </div>
  );
}

/** The form's fields after its hidden target: method, amount, currency, reference, day and note. */
function PaymentFields({ id, today }: { id: string; today: string }) {
  const copy = adminPaymentsCopy.form;
  return (
    <>
      <fieldset className="min-w-0 sm:col-span-2">
        <legend className={label}>{copy.method}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {(["bank_transfer", "mpesa_paybill"] as const).map((method, i) => (
            <label key={method} className="inline-flex min-h-6 items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="method" value={method} required defaultChecked={i === 0} />
              {copy.methods[method]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        id={`${id}-amount`}
        name="amount"
        text={copy.amount}
        hintText={copy.amountHint}
        decimal
        maxLength={20}
      />
      <div className="min-w-0">
        <label htmlFor={`${id}-currency`} className={label}>
          {copy.currency}
        </label>
        <select id={`${id}-currency`} name="currency" defaultValue="kes" className={input}>
          <option value="kes">{copy.currencies.kes}</option>
          <option value="usd">{copy.currencies.usd}</option>
        </select>
      </div>
      <TextField
        id={`${id}-reference`}
        name="reference"
        text={copy.reference}
        hintText={copy.referenceHint}
        minLength={3}
        maxLength={40}
      />
      <div className="min-w-0">
        <label htmlFor={`${id}-paid-on`} className={label}>
          {copy.paidOn}
        </label>
        <input
          id={`${id}-paid-on`}
          name="paid_on"
          type="date"
          required
          min={EARLIEST_PAID_ON}
          max={today}
          defaultValue={today}
          className={input}
        />
      </div>
      <div className="min-w-0 sm:col-span-2">
        <label htmlFor={`${id}-note`} className={label}>
          {copy.note}
        </label>
        <p id={`${id}-note-hint`} className={hint}>
          {copy.noteHint(MANUAL_NOTE_MAX)}
        </p>
        <textarea
          id={`${id}-note`}
          name="note"
          rows={2}
          maxLength={MANUAL_NOTE_MAX}
          aria-describedby={`${id}-note-hint`}
          className={input}
        />
      </div>
    </>
  );
}

/**
 * What is due and what a smaller payment does, said before the owner submits: the order (or quote)
 * stays unpaid with its balance until payments cover what it is due, within rounding.
 */
function DueNotice({ account }: { account: OrderBalance }) {
  const copy = adminPaymentsCopy.balance;
  const money = (cents: number) => formatMoney(cents, account.currency);
  return (
    <p className={`${hint} sm:col-span-2`} data-due={account.balanceCents}>
      {account.paidCents > 0
        ? copy.dueAfterPart(money(account.dueCents), money(account.paidCents), money(account.balanceCents))
        : copy.due(money(account.dueCents))}{" "}
      {copy.partRule}
    </p>
  );
}

/**
 * The form, in a <details> so a long list stays short. `today` (YYYY-MM-DD, Nairobi) bounds the date;
 * `account` is what the quote or order is due (null: the order was not found, or is settled).
 */
export function RecordPaymentForm({
  target,
  account,
  today,
}: {
  target: PaymentTarget;
  account: OrderBalance | null;
  today: string;
}) {
  const copy = adminPaymentsCopy.form;
  const which = target.kind === "quote" ? copy.forQuote(target.number) : copy.forOrder(target.label);
  return (
    <details className="mt-3 min-w-0 rounded-md bg-slate-50 p-2 ring-1 ring-slate-200" data-record-payment="">
      <summary className="inline-flex min-h-6 cursor-pointer items-center text-sm font-semibold text-slate-800 underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
        {copy.summary}
        <span className="sr-only">{which}</span>
      </summary>
      <form method="post" action={ADMIN_PAYMENTS_PATH} className="mt-2 grid min-w-0 gap-3 sm:grid-cols-2">
        {target.kind === "quote" ? (
          <input type="hidden" name="quote" value={target.number} />
        ) : (
          <input type="hidden" name="order" value={target.orderId} />
        )}
        <p className={`${hint} sm:col-span-2`}>{target.kind === "quote" ? copy.quoteHint : copy.orderHint}</p>
        {account && !account.settled && <DueNotice account={account} />}
        <PaymentFields id={idOf(target)} today={today} />
        <p className="sm:col-span-2">
          <button type="submit" className={button}>
            {copy.submit}
            <span className="sr-only">{which}</span>
          </button>
        </p>
      </form>
    </details>
  );
}
