/**
 * What is held about a person after a sale, in SQL (src/privacy/person-queries.ts reads it in the
 * same batch): refunds of their orders' payments, paybill payments to their orders, and their orders'
 * M-Pesa plans with each month. Each read is an indexed `IN (…)` on the person's orders, payments or
 * subscriptions (refunds_by_order, c2b_payments_by_order and _by_payment, the plans' primary keys).
 * Only what the person may see is read: no provider ids or keys, no month's pay link.
 */

import { asc, desc, inArray, or, type SQLWrapper } from "drizzle-orm";
import { type C2bPaymentRow, c2bPayments } from "../db/c2b-tables.ts";
import type { Database } from "../db/client.ts";
import { type MpesaPlanMonthRow, type MpesaPlanRow, mpesaPlanMonths, mpesaPlans } from "../db/mpesa-plan-tables.ts";
import { type RefundRow, refunds } from "../db/refund-tables.ts";

/** The person's orders, payments and subscriptions, as subqueries (personScopes). */
type SaleScope = { orders: SQLWrapper; payments: SQLWrapper; subscriptions: SQLWrapper };

const REFUND_COLUMNS = {
  refund_id: refunds.refund_id,
  payment_id: refunds.payment_id,
  order_id: refunds.order_id,
  amount_cents: refunds.amount_cents,
  currency: refunds.currency,
  reason: refunds.reason,
  channel: refunds.channel,
  status: refunds.status,
  reference: refunds.reference,
  created_at: refunds.created_at,
  settled_at: refunds.settled_at,
};

const PAYBILL_COLUMNS = {
  trans_id: c2bPayments.trans_id,
  order_id: c2bPayments.order_id,
  payment_id: c2bPayments.payment_id,
  amount_cents: c2bPayments.amount_cents,
  msisdn: c2bPayments.msisdn,
  payer_name: c2bPayments.payer_name,
  bill_ref: c2bPayments.bill_ref,
  trans_time: c2bPayments.trans_time,
  status: c2bPayments.status,
  received_at: c2bPayments.received_at,
};

const PLAN_COLUMNS = {
  subscription_id: mpesaPlans.subscription_id,
  reference: mpesaPlans.reference,
  phone: mpesaPlans.phone,
  next_due_on: mpesaPlans.next_due_on,
  created_at: mpesaPlans.created_at,
};

const MONTH_COLUMNS = {
  subscription_id: mpesaPlanMonths.subscription_id,
  period_start: mpesaPlanMonths.period_start,
  period_end: mpesaPlanMonths.period_end,
  usd_cents: mpesaPlanMonths.usd_cents,
  kes_amount: mpesaPlanMonths.kes_amount,
  status: mpesaPlanMonths.status,
  paid_at: mpesaPlanMonths.paid_at,
};

/** The statements, in PersonSaleRows' order, each at most `limit` rows. */
export function personSaleQueries(dz: Database, scope: SaleScope, limit: number) {
  return [
    dz
      .select(REFUND_COLUMNS)
      .from(refunds)
      .where(inArray(refunds.order_id, scope.orders))
      .orderBy(desc(refunds.created_at))
      .limit(limit),
    // A plan's payment names its order only once the plan has taken it: its ledger line finds it before.
    dz
      .select(PAYBILL_COLUMNS)
      .from(c2bPayments)
      .where(or(inArray(c2bPayments.order_id, scope.orders), inArray(c2bPayments.payment_id, scope.payments)))
      .orderBy(desc(c2bPayments.received_at))
      .limit(limit),
    dz
      .select(PLAN_COLUMNS)
      .from(mpesaPlans)
      .where(inArray(mpesaPlans.subscription_id, scope.subscriptions))
      .limit(limit),
    dz
      .select(MONTH_COLUMNS)
      .from(mpesaPlanMonths)
      .where(inArray(mpesaPlanMonths.subscription_id, scope.subscriptions))
      .orderBy(asc(mpesaPlanMonths.subscription_id), asc(mpesaPlanMonths.period_start))
      .limit(limit),
  ] as const;
}

/** A refund as the person's record shows it: not the provider's ids, nor who in the back office made it. */
type PersonRefund = Pick<RefundRow, keyof typeof REFUND_COLUMNS>;
/** A paybill payment as Safaricom sent it about the payer, and what it paid. */
type PersonPaybillPayment = Pick<C2bPaymentRow, keyof typeof PAYBILL_COLUMNS>;
type PersonPlan = Pick<MpesaPlanRow, keyof typeof PLAN_COLUMNS>;
/** A month billed, without its pay link's key and the cron's bookkeeping. */
type PersonPlanMonth = Pick<MpesaPlanMonthRow, keyof typeof MONTH_COLUMNS>;

export type PersonSaleRows = {
  refunds: PersonRefund[];
  paybillPayments: PersonPaybillPayment[];
  plans: PersonPlan[];
  planMonths: PersonPlanMonth[];
};
