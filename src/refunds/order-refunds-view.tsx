/**
 * Refunds as an order's card in Orders shows them: under each ledger line its refunds (done, in
 * progress or failed, each linking to its page) and the Refund link while something is left to
 * refund; at the top, whether the order is refunded in full or in part. Refunds never change the
 * order's status: a refunded order stays paid, and says so here.
 */
import { link } from "../admin/admin-ui.tsx";
import type { PaymentRow } from "../db/schema.ts";
import { formatMoney } from "../lib/money.ts";
import { adminRefundFormPath, adminRefundPath } from "../paths.ts";
import type { RefundView } from "./refund-views.ts";
import { refundsCopy } from "./refunds-copy.ts";

const total = (refunds: readonly RefundView[], status: RefundView["status"]) =>
  refunds.filter((r) => r.status === status).reduce((sum, r) => sum + r.amount_cents, 0);

/** A card payment of a subscription's invoice: refunded in Stripe's dashboard, not from here. */
const invoiceByCard = (payment: PaymentRow) => payment.provider === "stripe" && payment.billing_reason !== "checkout";

/** The refunds of one ledger line, and its Refund link while something is left to refund. */
export function PaymentRefunds({ payment, refunds }: { payment: PaymentRow; refunds: readonly RefundView[] }) {
  const copy = refundsCopy;
  const left = payment.amount_cents - total(refunds, "succeeded") - total(refunds, "pending");
  return (
    <>
      {refunds.map((refund) => (
        <span
          key={refund.refund_id}
          className="block"
          data-refund={refund.refund_id}
          data-refund-status={refund.status}
        >
          <a className={link} href={adminRefundPath(refund.refund_id)}>
            {copy.line(
              formatMoney(refund.amount_cents, refund.currency),
              copy.status[refund.status],
              copy.ways[refund.channel],
            )}
          </a>
          {refund.credit_note_number && (
            <span data-credit-note={refund.credit_note_number}>
              {" "}
              · {copy.page.creditNoteState(refund.credit_note_number, refund.credit_note_status === "accepted")}
            </span>
          )}
        </span>
      ))}
      {payment.status === "paid" && left > 0 && !invoiceByCard(payment) && (
        <a
          className={`${link} block`}
          href={adminRefundFormPath(payment.payment_id)}
          data-refund-link={payment.payment_id}
        >
          {copy.refundLink}
        </a>
      )}
    </>
  );
}

/** "Refunded in full", "Refunded $5.00 of $20.00", "Refund of KES 1,500.00 in progress": the order at a glance. */
export function OrderRefunded({
  payments,
  refunds,
}: {
  payments: readonly PaymentRow[];
  refunds: ReadonlyMap<string, readonly RefundView[]>;
}) {
  const paid = payments.filter((p) => p.status === "paid");
  const all = paid.flatMap((p) => refunds.get(p.payment_id) ?? []);
  if (all.length === 0) return null;
  const copy = refundsCopy.summary;
  const currencies = new Set(paid.map((p) => p.currency.toLowerCase()));
  const currency = currencies.size === 1 ? [...currencies][0] : null;
  const paidCents = paid.reduce((sum, p) => sum + p.amount_cents, 0);
  const refunded = total(all, "succeeded");
  const pending = total(all, "pending");
  const full = paid.every((p) => total(refunds.get(p.payment_id) ?? [], "succeeded") >= p.amount_cents);
  const lines = [
    full
      ? copy.full
      : refunded > 0 && currency
        ? copy.part(formatMoney(refunded, currency), formatMoney(paidCents, currency))
        : null,
    pending > 0 && currency ? copy.pending(formatMoney(pending, currency)) : null,
  ].filter((line): line is string => line !== null);
  if (lines.length === 0) return null;
  return (
    <p className="mt-1 text-xs font-semibold text-accent-900" data-refunded={full ? "full" : "part"}>
      {lines.join(" · ")}
    </p>
  );
}
