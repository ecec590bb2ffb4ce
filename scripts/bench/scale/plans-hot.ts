/**
 * The site's hot lookups, for the scale run's plans (issue 37, "Indexes that match the queries"):
 * what a visitor's page, a provider's webhook or a People lookup asks the big tables, through the
 * site's own query code, with keys picked from the seeded D1. Writes are explained, never run: the
 * state file is opened read-only, so a statement that would write fails after it is recorded.
 *
 * Alone, `node scripts/bench/scale/plans-hot.ts [.wrangler/scale-100000]` prints every plan line of
 * every statement (not only the scans), which is what the comments beside the queries quote.
 */
import { DatabaseSync } from "node:sqlite";
import { reportedOrderIds, updateOrderKraPin } from "../../../src/admin/admin-action-queries.ts";
import { customerForEmail } from "../../../src/billing/billing-links.ts";
import { livePlanForEmail, planByReference } from "../../../src/billing/mpesa-plan-queries.ts";
import { heldInvoices } from "../../../src/billing/subscriptions.ts";
import { runBatch } from "../../../src/db/client.ts";
import {
  makeOrderSalesDue,
  orderHasReportedSale,
  saleNumberStatements,
  saleOfPayment,
} from "../../../src/etims/sale-queries.ts";
import { latestMpesaRequest, mpesaRequestByTokenHash } from "../../../src/mpesa/mpesa-request-queries.ts";
import {
  getOrder,
  getOrderByRef,
  getOrderByStripeSession,
  getOrderItems,
  orderForSubscription,
  statusStatement,
} from "../../../src/orders/orders.ts";
import { c2bRow, ordersByRefPrefix } from "../../../src/paybill/paybill-queries.ts";
import { ledgerLineStatement, paymentByReference } from "../../../src/payments/ledger.ts";
import {
  orderBalance,
  quotePartPayment,
  settleWhenCoveredStatement,
} from "../../../src/payments/order-balance-queries.ts";
import { personShown } from "../../../src/privacy/person.ts";
import { acceptPaidQuoteStatement } from "../../../src/quotes/quote-numbers.ts";
import { quoteWithLines } from "../../../src/quotes/quote-queries.ts";
import { receiptFacts, receiptNumberStatements } from "../../../src/receipts/receipt-queries.ts";
import { refundsOfPaymentIntent } from "../../../src/refunds/refund-queries.ts";
import { type D1, recordingD1, type Sent } from "./d1-shim.ts";
import { localD1File } from "./seed.ts";

type Scenario = { query: string; run: (db: D1) => Promise<unknown> };

/** Keys of real rows, one of each kind a hot lookup starts from. */
type Keys = {
  cardOrder: { order_id: string; order_ref: string; stripe_session_id: string; customer_email: string };
  mpesaPayment: { payment_id: string; order_id: string; reference: string };
  quote: { number: string; customer_email: string };
  receipt: string;
  subscription: string;
  message: string;
  /** The ids of a back-office page of orders (50). */
  orderPage: string[];
};

function pickKeys(db: DatabaseSync): Keys {
  const one = <T>(sql: string): T => {
    const row = db.prepare(sql).get() as T | undefined;
    if (!row) throw new Error(`The seeded D1 has no row for: ${sql}`);
    return row;
  };
  const value = (sql: string): string => String(Object.values(one<Record<string, unknown>>(sql))[0]);
  return {
    cardOrder: one(`SELECT order_id, order_ref, stripe_session_id, customer_email FROM orders
      WHERE stripe_session_id IS NOT NULL AND order_ref IS NOT NULL ORDER BY created_at DESC LIMIT 1`),
    mpesaPayment: one(`SELECT payment_id, order_id, reference FROM payments
      WHERE provider = 'mpesa_express' AND reference IS NOT NULL ORDER BY created_at DESC LIMIT 1`),
    quote: one("SELECT number, customer_email FROM quotes ORDER BY created_at DESC LIMIT 1"),
    receipt: value("SELECT number FROM receipts ORDER BY created_at DESC LIMIT 1"),
    subscription: value("SELECT subscription_id FROM subscriptions ORDER BY created_at DESC LIMIT 1"),
    message: value("SELECT email FROM contact_messages ORDER BY created_at DESC LIMIT 1"),
    orderPage: (
      db.prepare("SELECT order_id FROM orders ORDER BY created_at DESC LIMIT 50").all() as { order_id: string }[]
    ).map((row) => row.order_id),
  };
}

/** Writes explained, not run: the read-only state refuses each once its SQL is recorded. */
async function explainedOnly(writes: (() => Promise<unknown>)[]): Promise<void> {
  for (const write of writes) {
    try {
      await write();
    } catch (error) {
      // drizzle wraps the driver's error: the refusal is its cause.
      const refusal = `${error} ${error instanceof Error ? error.cause : ""}`;
      if (!/readonly|read-only/i.test(refusal)) throw error;
    }
  }
}

/** The ledger line an M-Pesa callback records, for the settling batch's UPSERT. */
const mpesaLine = (payment: Keys["mpesaPayment"]) => ({
  paymentId: payment.payment_id,
  orderId: payment.order_id,
  subscriptionId: null,
  status: "paid" as const,
  amountCents: 150_000,
  currency: "kes",
  billingReason: "checkout",
  periodStart: null,
  periodEnd: null,
  provider: "mpesa_express" as const,
  reference: payment.reference,
});

/** Mixed case, as a visitor may type an address the site stored in lower case (or the reverse). */
const respelled = (email: string) => email.toUpperCase();

/** The hot lookups, with keys from `state`; none (and a line on stderr) when it lacks a kind of row. */
export function hotScenarios(state: DatabaseSync): Scenario[] {
  let k: Keys;
  try {
    k = pickKeys(state);
  } catch (error) {
    process.stderr.write(`Hot lookups' plans skipped: ${error instanceof Error ? error.message : error}\n`);
    return [];
  }
  const at = new Date().toISOString();
  const { cardOrder: card, mpesaPayment: mpesa } = k;
  return [
    // The success page and Stripe's checkout events.
    { query: "order by Stripe session", run: (db) => getOrderByStripeSession(db, card.stripe_session_id) },
    {
      query: "order by id, its lines",
      run: (db) => Promise.all([getOrder(db, card.order_id), getOrderItems(db, card.order_id)]),
    },
    { query: "order by reference", run: (db) => getOrderByRef(db, card.order_ref) },
    { query: "order's balance", run: (db) => orderBalance(db, card.order_id) },
    { query: "order of a subscription", run: (db) => orderForSubscription(db, k.subscription, card.order_ref) },
    { query: "held invoices of a subscription", run: (db) => heldInvoices(db, k.subscription) },
    { query: "refunds by payment intent", run: (db) => refundsOfPaymentIntent(db, "pi_scale_bench") },
    // M-Pesa Express callbacks and the waiting page; paybill (C2B) confirmations.
    { query: "M-Pesa prompt by callback token", run: (db) => mpesaRequestByTokenHash(db, "0".repeat(64)) },
    { query: "M-Pesa prompt of an order", run: (db) => latestMpesaRequest(db, mpesa.order_id) },
    { query: "payment by M-Pesa code", run: (db) => paymentByReference(db, mpesa.reference.toLowerCase()) },
    { query: "paybill: confirmation by TransID", run: (db) => c2bRow(db, mpesa.reference) },
    { query: "paybill: orders by ORD- prefix", run: (db) => ordersByRefPrefix(db, card.order_ref.slice(0, 8)) },
    { query: "paybill: plan by reference", run: (db) => planByReference(db, "sub-scalebench") },
    // Quote and receipt pages.
    { query: "quote with its lines", run: (db) => quoteWithLines(db, k.quote.number) },
    { query: "quote paid in parts", run: (db) => quotePartPayment(db, k.quote.number) },
    { query: "receipt page", run: (db) => receiptFacts(db, k.receipt) },
    // eTIMS, when a payment is reported and when a buyer's PIN may still change.
    { query: "eTIMS sale of a payment", run: (db) => saleOfPayment(db, mpesa.payment_id) },
    { query: "eTIMS: order has a reported sale", run: (db) => orderHasReportedSale(db, mpesa.order_id) },
    { query: "eTIMS: a page of orders' reported sales", run: (db) => reportedOrderIds(db, k.orderPage) },
    {
      query: "eTIMS: the owner corrects a buyer's PIN",
      run: (db) =>
        explainedOnly([
          () =>
            updateOrderKraPin(
              db,
              mpesa.order_id,
              "P051234567Z",
              { actor: "admin", at },
              { format: "%s %s", none: "-" },
            ),
        ]),
    },
    {
      query: "eTIMS: an order's sales due again",
      run: (db) => explainedOnly([() => makeOrderSalesDue(db, mpesa.order_id, at)]),
    },
    // The billing page's "send me a link", by an address typed in any case.
    { query: "billing: customer by e-mail", run: (db) => customerForEmail(db, respelled(card.customer_email)) },
    { query: "billing: M-Pesa plan by e-mail", run: (db) => livePlanForEmail(db, respelled(card.customer_email)) },
    // People, from a message's sender and from a quote's address.
    { query: "People, a message's sender", run: (db) => personShown(db, respelled(k.message), []) },
    { query: "People, a quote's address", run: (db) => personShown(db, k.quote.customer_email, []) },
    // settlePayment's batch, as every channel runs it.
    {
      query: "settlePayment's batch",
      run: (db) =>
        explainedOnly(
          [
            ledgerLineStatement(db, mpesaLine(mpesa), at),
            statusStatement(db, mpesa.order_id, "paid", null, at),
            settleWhenCoveredStatement(mpesa.order_id, ["pending", "awaiting_payment"], at),
            acceptPaidQuoteStatement(db, mpesa.order_id),
            ...receiptNumberStatements({ paymentId: mpesa.payment_id, year: 2026, accessKey: "k", createdAt: at }),
            ...saleNumberStatements({ paymentId: mpesa.payment_id, branchId: "00", year: 2026, rateX100: null, at }),
          ].map((statement) => () => runBatch(db, [statement])),
        ),
    },
  ];
}

/** Every plan line of every hot statement, for reading (the scale run reports only the scans). */
async function printPlans(persistTo: string): Promise<void> {
  const state = new DatabaseSync(localD1File(persistTo), { readOnly: true });
  try {
    for (const scenario of hotScenarios(state)) {
      const sent: Sent[] = [];
      await scenario.run(recordingD1(state, sent)).catch((error) => console.log(`  did not run: ${error}`));
      console.log(`\n## ${scenario.query}`);
      for (const { sql, params } of new Map(sent.map((s) => [s.sql, s])).values()) {
        const plan = state.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
        console.log(`  ${sql.length > 160 ? `${sql.slice(0, 157)}...` : sql}`);
        for (const { detail } of plan) console.log(`    ${detail}`);
      }
    }
  } finally {
    state.close();
  }
}

if (import.meta.main) await printPlans(process.argv[2] ?? ".wrangler/scale-100000");
