// Rows written straight to D1 for tests that need them in a given state: orders with their lines,
// contact messages, quotes and e-mails. The one place tests write such rows, typed by the row types
// of src/db/schema.ts (a column that does not exist is a type error); a column left out gets its
// default from the schema, the others the values below.
import { env } from "cloudflare:workers";
import type { CartItem } from "../../../src/checkout/cart-item-schema.ts";
import { isCartProblem, priceCart } from "../../../src/checkout/cart-pricing.ts";
import type { QuoteRow } from "../../../src/db/document-tables.ts";
import type { ContactMessageRow, OrderItemRow, OrderRow, OutboxRow, PaymentRow } from "../../../src/db/schema.ts";
import { insertQuote, type Quote, type QuoteCustomer } from "../../../src/quotes/quote-numbers.ts";
import { fakeSessionId } from "./orders.ts";
import { cartItem } from "./payment.ts";

const db = () => env.DB;

/** D1 takes a batch of a few hundred statements comfortably. */
const BATCH_SIZE = 300;

/** `INSERT INTO table (…) VALUES (…)` for the columns given (undefined ones left to the schema's defaults). */
function insert<Row>(table: string, row: Partial<Row>, returning = ""): D1PreparedStatement {
  const entries = Object.entries(row).filter(([, value]) => value !== undefined);
  const columns = entries.map(([column]) => column).join(", ");
  const values = entries.map(() => "?").join(", ");
  return db()
    .prepare(`INSERT INTO ${table} (${columns}) VALUES (${values})${returning ? ` RETURNING ${returning}` : ""}`)
    .bind(...entries.map(([, value]) => value));
}

async function runInBatches(statements: D1PreparedStatement[]): Promise<void> {
  for (let i = 0; i < statements.length; i += BATCH_SIZE) await db().batch(statements.slice(i, i + BATCH_SIZE));
}

/** An order's columns, and its lines (one Network Assessment unless given; `[]` for none). */
export type OrderInput = Partial<OrderRow> & { items?: Partial<OrderItemRow>[] };

const orderDefaults = (): Omit<OrderRow, "status" | "currency" | "created_at" | "updated_at"> & Partial<OrderRow> => ({
  order_id: fakeSessionId(),
  mode: "payment",
  customer_name: "Seeded Buyer",
  customer_email: "seeded@example.com",
  customer_phone: "+254 700 000 001",
  customer_company: null,
  customer_kra_pin: null,
  address: "1 Test Road",
  city: "Nairobi",
  state: "Nairobi County",
  zip: "00100",
  country: "Kenya",
  total_cents: 15000,
  paid_at: null,
  order_ref: null,
  stripe_customer_id: null,
  review_reason: null,
  stripe_checked_at: null,
  provider: "stripe",
  kes_amount: null,
  kes_rate_x100: null,
  quote_number: null,
  kes_priced_at: null,
  prompt_claimed_at: null,
  stripe_session_id: null,
});

const itemDefaults: Omit<OrderItemRow, "order_id"> = {
  item_id: "s1",
  name: "Network Assessment",
  category: "Networking",
  unit_amount_cents: 15000,
  quantity: 1,
  recurring: 0,
};

/** Orders and their lines, in as few batches as fit; their ids, in order. */
export async function makeOrders(inputs: readonly OrderInput[]): Promise<string[]> {
  const statements: D1PreparedStatement[] = [];
  const ids = inputs.map(({ items = [itemDefaults], ...columns }) => {
    const order = { ...orderDefaults(), ...columns };
    // A card order is its Checkout Session's, as checkout records it.
    if ((order.provider ?? "stripe") === "stripe" && columns.stripe_session_id === undefined) {
      order.stripe_session_id = order.order_id;
    }
    statements.push(insert<OrderRow>("orders", order));
    for (const item of items) {
      statements.push(insert<OrderItemRow>("order_items", { ...itemDefaults, ...item, order_id: order.order_id }));
    }
    return order.order_id;
  });
  await runInBatches(statements);
  return ids;
}

export async function makeOrder(input: OrderInput = {}): Promise<string> {
  const [id] = await makeOrders([input]);
  if (!id) throw new Error("order not made");
  return id;
}

/** A contact message; its id. */
export async function makeMessage(input: Partial<ContactMessageRow> = {}): Promise<number> {
  const row = await insert<ContactMessageRow>(
    "contact_messages",
    {
      name: "Achieng Odhiambo",
      email: `sender-${crypto.randomUUID()}@example.com`,
      message: "Please call me",
      ...input,
    },
    "id",
  ).first<{ id: number }>();
  if (!row) throw new Error("message not made");
  return row.id;
}

/** A quote's row alone (no lines), as the back office lists it. */
export async function makeQuoteRow(input: Partial<QuoteRow> & Pick<QuoteRow, "number">): Promise<void> {
  await insert<QuoteRow>("quotes", {
    access_key: "key",
    customer_name: "Quote Buyer",
    customer_email: `quote-${crypto.randomUUID()}@example.com`,
    customer_company: null,
    due_cents: 15000,
    monthly_cents: 0,
    created_at: "2026-04-01T09:00:00.000Z",
    valid_until: "2999-01-01T00:00:00.000Z",
    ...input,
  }).run();
}

/** A quote as the site makes one (numbered, catalogue prices): by default two lines, one monthly. */
export async function makeQuote(
  items: CartItem[] = [cartItem("s1", { quantity: 2 }), cartItem("pricing-business")],
  customer: Partial<QuoteCustomer> = {},
  now = new Date(),
): Promise<Quote> {
  const priced = priceCart(items);
  if (isCartProblem(priced)) throw new Error(priced.error);
  return insertQuote(
    env.DB,
    priced,
    {
      name: "Amina Otieno",
      email: `quote-${crypto.randomUUID()}@example.co.ke`,
      company: "Otieno Logistics",
      ...customer,
    },
    now,
  );
}

/** An e-mail in the outbox, in whatever state; its id. */
export async function makeMail(input: Partial<OutboxRow> & Pick<OutboxRow, "status">): Promise<number> {
  const row = await insert<OutboxRow>(
    "outbox",
    {
      kind: "contact-ack",
      dedupe_key: `test:${crypto.randomUUID()}`,
      recipient: "someone@example.com",
      subject: "Hello",
      payload: "{}",
      ...input,
    },
    "id",
  ).first<{ id: number }>();
  if (!row) throw new Error("outbox row not made");
  return row.id;
}

/**
 * A payment in the ledger (paid, by card, for the order's checkout unless given), with the columns of
 * migrations/0011 (provider, reference, paid_on, note, phone, usd_cents) settable; its id.
 */
export async function makePayment(input: Partial<PaymentRow> & Pick<PaymentRow, "order_id">): Promise<string> {
  const row = await insert<PaymentRow>(
    "payments",
    {
      payment_id: `pi_test_${crypto.randomUUID().replaceAll("-", "")}`,
      subscription_id: null,
      status: "paid",
      amount_cents: 15000,
      currency: "usd",
      billing_reason: "checkout",
      ...input,
    },
    "payment_id",
  ).first<{ payment_id: string }>();
  if (!row) throw new Error("payment not made");
  return row.payment_id;
}

/** Sets a year's receipt counter, as if `last` receipts had been numbered that year. */
export async function setReceiptCounter(year: number, last: number): Promise<void> {
  await db()
    .prepare(
      "INSERT INTO receipt_counters (year, last_number) VALUES (?1, ?2) ON CONFLICT (year) DO UPDATE SET last_number = ?2",
    )
    .bind(year, last)
    .run();
}

/** The rows of receipts for a payment, however many there are (the promise is one). */
export async function receiptRowsOf(paymentId: string): Promise<{ number: string; stored_at: string | null }[]> {
  const { results } = await db()
    .prepare("SELECT number, stored_at FROM receipts WHERE payment_id = ?")
    .bind(paymentId)
    .all<{ number: string; stored_at: string | null }>();
  return results;
}

/** An M-Pesa prompt for an order (pending unless given); its checkout request id. */
export async function makeMpesaRequest(
  input: Partial<import("../../../src/db/schema.ts").MpesaRequestRow> & { order_id: string },
): Promise<string> {
  const id = `ws_CO_${crypto.randomUUID().replaceAll("-", "")}`;
  await insert<import("../../../src/db/schema.ts").MpesaRequestRow>("mpesa_requests", {
    checkout_request_id: id,
    merchant_request_id: `mr_${crypto.randomUUID()}`,
    callback_token_hash: crypto.randomUUID(),
    phone: "254711222333",
    amount_kes: 19350,
    account_reference: "TEST",
    ...input,
  }).run();
  return id;
}
