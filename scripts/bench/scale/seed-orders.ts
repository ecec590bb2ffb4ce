/**
 * The scale seeder's orders, with what hangs off each: its items (the catalogue's names and prices),
 * its payments in the ledger, a Stripe subscription and its monthly invoices, its e-mails, and the
 * owner's notes on a few.
 */
import { type CatalogueEntry, catalogue } from "../../../src/catalogue/catalogue.ts";
import { DAY, emitAudit, emitMail, iso, OWNER, type SeedContext } from "./seed-context.ts";
import { failedPayment, type SeededOrder, type Status, seedPayment } from "./seed-payments.ts";
import { kraPin, type Person, spellEmail } from "./seed-people.ts";
import { ALNUM, seededUuid } from "./seed-random.ts";

export type Line = { entry: CatalogueEntry; quantity: number };
/** The quote an order pays, drawn when the quote was (before the order). */
export type QuoteTerms = { number: string; person: Person; email: string; lines: Line[]; kraPin: string | null };
/** An order as planned before the timeline runs: its time and id, and the quote it pays, if any. */
export type OrderPlan = { at: number; orderId: string; viaQuote: boolean; quote?: QuoteTerms };

const ENTRIES = [...catalogue.values()];
const ONE_OFF = ENTRIES.filter((entry) => !entry.recurring);
const MONTHLY = ENTRIES.filter((entry) => entry.recurring);

export function drawLines(context: SeedContext, monthly: boolean): Line[] {
  const { random } = context;
  const picked = new Map<string, Line>();
  if (monthly) {
    const entry = random.pick(MONTHLY);
    picked.set(entry.id, { entry, quantity: 1 });
  }
  const count = monthly ? random.int(0, 1) : random.weighted({ 1: 5, 2: 3, 3: 1.5, 4: 0.5 });
  while (picked.size < (monthly ? 1 : 0) + Number(count)) {
    const entry = random.pick(ONE_OFF);
    picked.set(entry.id, { entry, quantity: random.chance(0.85) ? 1 : random.int(2, 5) });
  }
  return [...picked.values()];
}

export const totalOf = (lines: readonly Line[]): number =>
  lines.reduce((sum, line) => sum + line.entry.unitAmount * line.quantity, 0);

export function planOrderId(context: SeedContext, provider: "stripe" | "mpesa" | "manual"): string {
  const { random } = context;
  if (provider === "stripe") return `cs_test_${random.chars(58, ALNUM)}`;
  return `${provider === "mpesa" ? "mp" : "mn"}_${random.chars(32)}`;
}

function drawStatus(context: SeedContext, provider: string, viaQuote: boolean): Status {
  if (viaQuote) return "paid";
  const status = context.random.weighted<Status>({
    paid: 78,
    pending: 3,
    awaiting_payment: 2,
    expired: 9,
    payment_failed: 4,
    needs_review: 2,
    no_payment_required: 2,
  });
  // Stripe's own outcomes: an order paid by M-Pesa is never "no payment required" or mismatched.
  return provider !== "stripe" && (status === "needs_review" || status === "no_payment_required") ? "paid" : status;
}

/** One order and everything that hangs off it. */
export function seedOrder(context: SeedContext, plan: OrderPlan): void {
  const { random } = context;
  const quote = plan.quote;
  const provider = plan.orderId.startsWith("cs_") ? "stripe" : plan.orderId.startsWith("mp_") ? "mpesa" : "manual";
  const person = quote?.person ?? context.pool.pickRepeat();
  const email = quote?.email ?? spellEmail(random, person.email);
  const monthly = !quote && provider === "stripe" && random.chance(0.12);
  const lines = quote?.lines ?? drawLines(context, monthly);
  const status = drawStatus(context, provider, plan.viaQuote);
  const total = status === "no_payment_required" ? 0 : totalOf(lines);
  const rate = random.int(12_800, 13_200);
  const paidAt = status === "paid" ? plan.at + random.int(30_000, quote ? 3 * DAY : 600_000) : null;
  context.emit("orders", {
    order_id: plan.orderId,
    mode: monthly ? "subscription" : "payment",
    status,
    customer_name: person.name,
    customer_email: email,
    customer_phone: quote ? "" : person.phone,
    customer_company: person.company,
    address: quote ? "" : person.address,
    city: quote ? "" : person.city,
    state: quote ? "" : person.state,
    zip: quote ? "" : person.zip,
    country: quote ? "" : "KE",
    currency: "usd",
    total_cents: total,
    created_at: iso(plan.at),
    updated_at: iso(paidAt ?? plan.at + random.int(1_000, 3_600_000)),
    paid_at: paidAt === null ? null : iso(paidAt),
    order_ref: seededUuid(random),
    stripe_customer_id: provider === "stripe" ? `cus_${random.chars(14, ALNUM)}` : null,
    review_reason: status === "needs_review" ? "Stripe charged an amount that differs from the order's total" : null,
    provider,
    kes_amount: provider === "mpesa" ? Math.max(1, Math.round((total * rate) / 10_000)) : null,
    kes_rate_x100: provider === "mpesa" ? rate : null,
    quote_number: quote?.number ?? null,
    stripe_session_id: provider === "stripe" ? plan.orderId : null,
    customer_kra_pin: quote ? quote.kraPin : random.chance(0.15) ? kraPin(random) : null,
  });
  for (const line of lines) {
    context.emit("order_items", {
      order_id: plan.orderId,
      item_id: line.entry.id,
      name: line.entry.name,
      category: line.entry.category,
      unit_amount_cents: line.entry.unitAmount,
      quantity: line.quantity,
      recurring: line.entry.recurring ? 1 : 0,
    });
  }
  const order = { id: plan.orderId, at: plan.at, provider, status, total, rate, person, email, paidAt };
  if (paidAt !== null) seedPayment(context, order, monthly);
  if (status === "payment_failed" && provider === "stripe") failedPayment(context, order);
  seedOrderMail(context, order);
}

function seedOrderMail(context: SeedContext, order: SeededOrder): void {
  const { random } = context;
  const key = order.id;
  const data = { orderId: order.id, name: order.person.name, totalCents: order.total };
  if (order.paidAt !== null) {
    const at = order.paidAt + 1_000;
    const subject = `Order confirmed: ${order.id.slice(0, 12)}`;
    emitMail(context, { kind: "order-confirmed", key, to: order.email, subject, at, orderId: key }, data);
    const ownerSubject = `New order from ${order.person.name}`;
    emitMail(context, { kind: "owner-new-order", key, to: OWNER, subject: ownerSubject, at, orderId: key }, data);
    if (random.chance(0.3)) {
      const taxAt = at + random.int(60_000, 2 * DAY);
      emitMail(
        context,
        { kind: "tax-invoice", key, to: order.email, subject: "Your tax invoice", at: taxAt, orderId: key },
        data,
      );
    }
  }
  if (order.status === "needs_review") {
    const subject = "Order needs review";
    emitMail(
      context,
      { kind: "owner-order-review", key, to: OWNER, subject, at: order.at + 5_000, orderId: key },
      data,
    );
  }
  if (random.chance(0.03)) {
    const at = order.at + random.int(DAY, 20 * DAY);
    if (at < context.now) {
      context.emit("order_notes", {
        order_id: order.id,
        at: iso(at),
        actor: "admin",
        body: "Called the buyer; all set.",
      });
      emitAudit(context, {
        at,
        action: "order.note",
        kind: "order",
        id: order.id,
        detail: "Called the buyer; all set.",
      });
    }
  }
}
