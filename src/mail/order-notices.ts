import type { MpesaRequestRow } from "../db/schema.ts";
import type { WorkContext } from "../http/work-context.ts";
import { formatMoney } from "../lib/money.ts";
import type { OrderItemRow, OrderRow } from "../orders/orders.ts";
import { adminOrderAnchor } from "../paths.ts";
import { enqueueMail } from "./enqueue.ts";
import type { MailOrderLine } from "./mail-types.ts";
import { ownerNoticeCopy as copy } from "./owner-notices-copy.ts";

/** The order in the back office, searched by its id so the link finds it however old it is. */
export const adminLink = (origin: string, orderId: string): string =>
  `${origin}${adminOrderAnchor(orderId, `q=${encodeURIComponent(orderId)}`)}`;

function mailLines(items: OrderItemRow[]): MailOrderLine[] {
  return items.map((item) => ({
    name: item.name,
    category: item.category,
    quantity: item.quantity,
    unitAmountCents: item.unit_amount_cents,
    recurring: item.recurring === 1,
  }));
}

/** What the buyer's e-mail says beyond the order: its receipt, and a payment not made by card. */
export type PaidDetails = {
  receipt?: { number: string; path: string } | null;
  payment?: { amountCents: number; currency: string; method: string };
  /** KRA is registering the payment's sale: the tax invoice follows in its own e-mail. */
  taxInvoiceFollows?: boolean;
};

/** How a paid order was paid, when not by card in its own currency: the buyer's e-mail says so. */
function paymentOf(order: OrderRow): { payment?: { amountCents: number; currency: string; method: string } } {
  if (order.provider === "mpesa" && order.kes_amount !== null) {
    return { payment: { amountCents: order.kes_amount * 100, currency: "kes", method: "M-Pesa" } };
  }
  return {};
}

/**
 * An order became paid: the buyer's confirmation and the owner's notice. Called by every path that
 * can see the payment (webhook, success page); the outbox's dedupe keys make it one e-mail each.
 */
export async function notifyOrderPaid(
  context: WorkContext,
  order: OrderRow & { items: OrderItemRow[] },
  paid: PaidDetails = {},
): Promise<void> {
  const { origin } = context;
  const { receipt } = paid;
  const lines = mailLines(order.items);
  const monthlyCents = lines
    .filter((line) => line.recurring)
    .reduce((sum, line) => sum + line.unitAmountCents * line.quantity, 0);
  const totals = { paidTodayCents: order.total_cents, monthlyCents };
  const orderId = order.order_id;
  await enqueueMail(context, {
    kind: "order-confirmed",
    dedupeKey: `order-confirmed:${orderId}`,
    to: order.customer_email,
    orderId,
    data: {
      orderId,
      customerName: order.customer_name,
      lines,
      ...totals,
      ...(paid.payment ? { payment: paid.payment } : paymentOf(order)),
      ...(paid.taxInvoiceFollows
        ? { taxInvoiceFollows: true }
        : receipt
          ? { receipt: { number: receipt.number, url: `${origin}${receipt.path}` } }
          : {}),
    },
  });
  await enqueueMail(context, {
    kind: "owner-new-order",
    dedupeKey: `owner-new-order:${orderId}`,
    orderId,
    data: {
      orderId,
      customer: {
        name: order.customer_name,
        email: order.customer_email,
        phone: order.customer_phone,
        company: order.customer_company,
        address: order.address,
        city: order.city,
        state: order.state,
        zip: order.zip,
        country: order.country,
      },
      lines,
      ...totals,
      adminUrl: adminLink(origin, orderId),
    },
  });
}

/** Stripe's figures do not match the order, or Stripe took no money: the owner decides. */
export async function notifyOrderReview(context: WorkContext, order: OrderRow, reason: string): Promise<void> {
  await enqueueMail(context, {
    kind: "owner-order-review",
    dedupeKey: `owner-order-review:${order.order_id}`,
    orderId: order.order_id,
    data: {
      customerName: order.customer_name,
      summary: copy.summaries.orderReview,
      details: [
        [copy.labels.customer, order.customer_name],
        [copy.labels.email, order.customer_email],
        [copy.labels.orderReference, order.order_id],
        [copy.labels.orderTotal, formatMoney(order.total_cents, order.currency)],
        [copy.labels.stripeSaid, reason],
      ],
      adminUrl: adminLink(context.origin, order.order_id),
    },
  });
}

/** M-Pesa confirmed money for a prompt we had marked failed: in the ledger for review, the owner decides. */
export async function notifyLateMpesaPayment(
  context: WorkContext,
  order: OrderRow,
  request: Pick<MpesaRequestRow, "checkout_request_id" | "amount_kes" | "mpesa_receipt" | "phone">,
  reason: string,
): Promise<void> {
  await enqueueMail(context, {
    kind: "owner-order-review",
    dedupeKey: `owner-late-mpesa:${request.checkout_request_id}`,
    orderId: order.order_id,
    data: {
      customerName: order.customer_name,
      summary: copy.summaries.lateMpesa,
      details: [
        [copy.labels.customer, order.customer_name],
        [copy.labels.email, order.customer_email],
        [copy.labels.orderReference, order.order_id],
        [copy.labels.amount, formatMoney(request.amount_kes * 100, "kes")],
        [copy.labels.mpesaReceipt, request.mpesa_receipt ?? "-"],
        [copy.labels.mpesaSaid, reason],
      ],
      adminUrl: adminLink(context.origin, order.order_id),
    },
  });
}
