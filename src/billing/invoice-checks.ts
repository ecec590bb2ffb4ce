import { type InvoiceObject, invoicePeriod } from "../checkout/stripe-objects.ts";
import { decimalAmount } from "../lib/money.ts";
import { getOrderItems, type OrderRow } from "../orders/orders.ts";
import { getSubscription } from "./subscriptions.ts";

/** An invoice's figures as the ledger records them, and why the owner must review it (null: no reason). */
type CheckedInvoice = {
  amount: number | null;
  currency: string | null;
  period: ReturnType<typeof invoicePeriod>;
  reviewReason: string | null;
};

/**
 * A paid invoice is compared with the plan; a failed one only needs readable figures. Either way a
 * period that cannot be read is a reason too: the line is recorded as Stripe sent it and reviewed.
 */
export async function checkInvoice(
  db: D1Database,
  order: OrderRow,
  invoice: InvoiceObject,
  paid: boolean,
  subscriptionId: string,
): Promise<CheckedInvoice> {
  const amount = (paid ? invoice.amount_paid : invoice.amount_due) ?? null;
  const currency = invoice.currency?.toLowerCase() ?? null;
  const period = invoicePeriod(invoice);
  const figures = paid
    ? planMismatch(order, await billedPlan(db, order, subscriptionId), invoice)
    : missingFigures(amount, currency);
  const problems = figures ? [figures, ...period.problems] : period.problems;
  return { amount, currency, period, reviewReason: problems.length > 0 ? problems.join("; ") : null };
}

/** "12.00 USD": the owner compares it with Stripe's dashboard, which shows the code. */
const money = (cents: number, currency: string): string =>
  `${decimalAmount(cents, currency)} ${currency.toUpperCase()}`;

function missingFigures(amount: number | null, currency: string | null): string | null {
  if (amount !== null && currency !== null) return null;
  const missing = [amount === null && "no amount", currency === null && "no currency"].filter(Boolean);
  return `Stripe's invoice has ${missing.join(" and ")}`;
}

/**
 * What a renewal may charge: the plan a subscription event last named (a plan changed in the
 * portal, a yearly price), else the order's recurring lines; and a scheduled change's new plan,
 * whose first invoice can arrive before the subscription event that applies it.
 */
async function billedPlan(db: D1Database, order: OrderRow, subscriptionId: string): Promise<number[]> {
  const sub = await getSubscription(db, subscriptionId);
  const pending = sub?.pending_amount_cents ?? null;
  const current =
    sub?.plan_amount_cents ??
    (await getOrderItems(db, order.order_id))
      .filter((item) => item.recurring === 1)
      .reduce((sum, item) => sum + item.unit_amount_cents * item.quantity, 0);
  return pending === null || pending === current ? [current] : [current, pending];
}

/**
 * What a paid invoice should charge: the first one the order's whole total (its plans and its
 * one-time items), a renewal the plan. Other invoices (a plan changed in the portal: the proration
 * invoiced at once, billing_reason subscription_update) vary with the day of the change, so only
 * their currency is compared.
 */
function expectedCharge(order: OrderRow, renewals: number[], billingReason: string | null) {
  if (billingReason === "subscription_create") return { cents: [order.total_cents], what: "the order's first invoice" };
  if (billingReason !== "subscription_cycle") return null;
  return { cents: renewals, what: "the plan's renewal" };
}

/** Why a paid invoice is not what the order's plan bills, or null when it is. */
function planMismatch(order: OrderRow, renewals: number[], invoice: InvoiceObject): string | null {
  const amount = invoice.amount_paid ?? null;
  const currency = invoice.currency?.toLowerCase() ?? null;
  const missing = missingFigures(amount, currency);
  if (missing || amount === null || currency === null) return missing;
  const planCurrency = order.currency.toLowerCase();
  const expected = expectedCharge(order, renewals, invoice.billing_reason ?? null);
  if (currency === planCurrency && (expected === null || expected.cents.includes(amount))) return null;
  const should = expected
    ? `${expected.what} is ${expected.cents.map((cents) => money(cents, planCurrency)).join(" or ")}`
    : `the plan bills in ${planCurrency.toUpperCase()}`;
  return `Stripe's invoice paid ${money(amount, currency)}; ${should}`;
}
