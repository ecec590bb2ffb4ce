/**
 * How an order was paid, as its card in Orders shows it: through whom (card, M-Pesa, the owner's
 * record), an M-Pesa order's shillings and rate, and each line of its payments ledger with its
 * provider, reference, phone, amount in its own currency (and in dollars for KES) and receipt.
 */
import { adminCopy } from "../admin/admin-copy.ts";
import { day, link } from "../admin/admin-ui.tsx";
import { VisitorText } from "../admin/visitor-text.tsx";
import type { OrderRow, PaymentRow } from "../db/schema.ts";
import { formatKes } from "../lib/kes.ts";
import { formatMoney } from "../lib/money.ts";
import { adminReceiptPath } from "../paths.ts";
import { OrderRefunded, PaymentRefunds } from "../refunds/order-refunds-view.tsx";
import type { RefundView } from "../refunds/refund-views.ts";
import type { OrderBalance } from "./order-balance-queries.ts";
import { adminPaymentsCopy } from "./payments-admin-copy.ts";

/** "Card via Stripe", "M-Pesa · KES 19,425 at 129.50 KES/USD", "Recorded by owner · from quote Q-…". */
export function PaidThrough({ order }: { order: OrderRow }) {
  const copy = adminPaymentsCopy.orders;
  return (
    <p className="mt-2 text-xs text-slate-700" data-provider={order.provider}>
      {copy.provider[order.provider] ?? order.provider}
      {order.kes_amount !== null && order.kes_rate_x100 !== null && (
        <span data-kes-amount={order.kes_amount}>
          {" "}
          · {copy.kesAt(formatKes(order.kes_amount), order.kes_rate_x100)}
        </span>
      )}
      {order.quote_number && (
        <span>
          {" "}
          · {copy.fromQuote} <span className="whitespace-nowrap">{order.quote_number}</span>
        </span>
      )}
    </p>
  );
}

/** "Part paid: $0.01 of $20.00 · balance $19.99", while money has come in and the order is not settled. */
export function PartPaid({ balance }: { balance: OrderBalance | undefined }) {
  if (!balance || balance.settled || balance.paidCents <= 0) return null;
  const money = (cents: number) => formatMoney(cents, balance.currency);
  return (
    <p className="mt-1 text-xs font-semibold text-accent-900" data-balance={balance.balanceCents}>
      {adminPaymentsCopy.balance.line(money(balance.paidCents), money(balance.dueCents), money(balance.balanceCents))}
    </p>
  );
}

function LedgerLine({
  payment,
  receipt,
  refunds,
}: {
  payment: PaymentRow;
  receipt: string | undefined;
  refunds: readonly RefundView[];
}) {
  const copy = adminCopy.orders.payments;
  const ours = adminPaymentsCopy.orders;
  const reason =
    payment.billing_reason === "manual"
      ? ours.manualReason
      : (copy.reasons[payment.billing_reason] ?? payment.billing_reason);
  return (
    <li
      data-payment-status={payment.status}
      data-billing-reason={payment.billing_reason}
      data-payment-provider={payment.provider}
      data-payment-id={payment.payment_id}
    >
      {payment.status === "paid" ? copy.paid : <strong className="text-red-800">{copy.failed}</strong>}{" "}
      <span data-amount="">{formatMoney(payment.amount_cents, payment.currency)}</span>
      {payment.usd_cents !== null && payment.currency.toLowerCase() !== "usd" && (
        <span data-usd-equivalent={payment.usd_cents}>
          {" "}
          {ours.usdEquivalent(formatMoney(payment.usd_cents, "usd"))}
        </span>
      )}{" "}
      · {ours.paymentProvider[payment.provider] ?? payment.provider} · {reason}
      {payment.period_start && ` · ${day(payment.period_start)}`}
      {payment.paid_on && ` · ${ours.paidOn(day(payment.paid_on))}`}
      {payment.status === "failed" && payment.attempts > 1 && ` · ${copy.attempts(payment.attempts)}`}
      {payment.reference && (
        <span className="block [overflow-wrap:anywhere]" data-reference="">
          {ours.reference} <VisitorText text={payment.reference} />
        </span>
      )}
      {payment.phone && (
        <span className="block" data-phone="">
          {ours.phone} <VisitorText text={payment.phone} />
        </span>
      )}
      {payment.note && (
        <span className="block whitespace-pre-wrap [overflow-wrap:anywhere]" data-payment-note="">
          <VisitorText text={payment.note} />
        </span>
      )}
      {payment.status === "paid" && (
        <span className="block">
          {receipt ? (
            <a className={link} href={adminReceiptPath(receipt)} data-receipt={receipt}>
              {ours.receipt(receipt)}
            </a>
          ) : (
            <span className="text-slate-600">{ours.noReceipt}</span>
          )}
        </span>
      )}
      <PaymentRefunds payment={payment} refunds={refunds} />
      {payment.review_reason && (
        <strong className="block [overflow-wrap:anywhere] text-red-800" data-review>
          {copy.review} <VisitorText text={payment.review_reason} />
        </strong>
      )}
    </li>
  );
}

/** The order's payments ledger and its refunds; nothing when it has none. Receipts and refunds are by payment id. */
export function PaymentsLedger({
  payments,
  receipts,
  refunds,
}: {
  payments: readonly PaymentRow[];
  receipts: ReadonlyMap<string, string>;
  refunds: ReadonlyMap<string, readonly RefundView[]>;
}) {
  if (payments.length === 0) return null;
  return (
    <div className="mt-2 text-left text-xs font-normal whitespace-normal text-slate-700">
      <p className="font-semibold">{adminCopy.orders.payments.label}</p>
      <OrderRefunded payments={payments} refunds={refunds} />
      <ul className="space-y-1">
        {payments.map((p) => (
          <LedgerLine
            key={p.payment_id}
            payment={p}
            receipt={receipts.get(p.payment_id)}
            refunds={refunds.get(p.payment_id) ?? []}
          />
        ))}
      </ul>
    </div>
  );
}
