/**
 * What a payment paid for, line by line, in the currency its document is drawn in, each line split
 * into net, VAT and total (tax/vat.ts). The tax invoice, the receipt and the sale reported to KRA
 * all read these figures, so they agree to the cent:
 * - a payment in shillings is drawn in shillings; one in dollars in shillings at the rate applied to
 *   it when a rate is given (the tax invoice), else in dollars (a receipt without eTIMS);
 * - the payment's total is shared out over the lines it paid in proportion to their prices (largest
 *   remainder), so the lines add up to exactly what was paid: a part payment pays part of each line;
 * - a line whose amount does not divide by its quantity is reported as two rows (the quantity less
 *   one at the lower unit price, and one more at the rest), so price × quantity holds on each row.
 */
import type { OrderItemRow, PaymentRow } from "../db/schema.ts";
import { splitFor, sumSplits, type VatSplit, type VatStatus } from "../tax/vat.ts";
import { GENERAL_SERVICE } from "./item-codes.ts";

/** A row as KRA takes it: price × quantity = its total, split. */
type SaleRow = { quantity: number; unitCents: number; split: VatSplit };

/** One line the payment paid for, with its rows; `split` adds its rows up. */
export type SaleLine = {
  itemId: string;
  name: string;
  category: string;
  quantity: number;
  recurring: boolean;
  rows: SaleRow[];
  split: VatSplit;
};

export type SaleAmounts = {
  /** "kes", or the payment's own currency when no rate was given. */
  currency: string;
  lines: SaleLine[];
  total: VatSplit;
  /** KES per USD in hundredths, when a dollar payment was converted. */
  rateX100: number | null;
};

/** A subscription's later invoices pay its recurring lines; every other payment, all of its order's lines. */
function paidLines(payment: PaymentRow, lines: readonly OrderItemRow[]): readonly OrderItemRow[] {
  const renewal =
    payment.subscription_id !== null &&
    payment.billing_reason !== "checkout" &&
    payment.billing_reason !== "subscription_create";
  const recurring = lines.filter((line) => line.recurring === 1);
  return renewal && recurring.length > 0 ? recurring : lines;
}

/** The payment's total in the document's currency (minor units). */
function totalOf(payment: PaymentRow, rateX100: number | null): { cents: number; currency: string } {
  const currency = payment.currency.toLowerCase();
  if (currency === "usd" && rateX100 !== null) {
    return { cents: Math.round((payment.amount_cents * rateX100) / 100), currency: "kes" };
  }
  return { cents: payment.amount_cents, currency };
}

/** `total` shared over `weights` in proportion, by largest remainder: the shares add up to `total` exactly. */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === weights.length - 1 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** A line's amount as rows whose price × quantity is exact. */
function rowsOf(amount: number, quantity: number, vat: VatStatus): SaleRow[] {
  const q = Math.max(1, quantity);
  const unit = Math.floor(amount / q);
  if (unit * q === amount) return [{ quantity: q, unitCents: unit, split: splitFor(amount, vat) }];
  const last = amount - unit * (q - 1);
  return [
    { quantity: q - 1, unitCents: unit, split: splitFor(unit * (q - 1), vat) },
    { quantity: 1, unitCents: last, split: splitFor(last, vat) },
  ];
}

/**
 * The payment's lines and totals (see the module's comment). With no order lines (an order we no
 * longer hold), one line names the payment itself.
 */
export function saleAmounts(
  payment: PaymentRow,
  orderLines: readonly OrderItemRow[],
  vat: VatStatus,
  rateX100: number | null = null,
): SaleAmounts {
  const { cents, currency } = totalOf(payment, rateX100);
  const paid = paidLines(payment, orderLines);
  const source =
    paid.length > 0
      ? paid.map((l) => ({ ...l, weight: l.unit_amount_cents * l.quantity }))
      : [{ item_id: GENERAL_SERVICE.id, ...GENERAL_SERVICE, quantity: 1, recurring: 0, weight: 1 }];
  const shares = shareOut(
    cents,
    source.map((l) => l.weight),
  );
  const lines = source.map((l, i): SaleLine => {
    const rows = rowsOf(shares[i] ?? 0, l.quantity, vat);
    return {
      itemId: l.item_id,
      name: l.name,
      category: l.category,
      quantity: l.quantity,
      recurring: l.recurring === 1,
      rows,
      split: sumSplits(rows.map((r) => r.split)),
    };
  });
  return {
    currency,
    lines,
    total: sumSplits(lines.map((l) => l.split)),
    rateX100: currency === "kes" && payment.currency.toLowerCase() === "usd" ? rateX100 : null,
  };
}
