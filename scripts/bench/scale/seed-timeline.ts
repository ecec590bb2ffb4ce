/**
 * The scale seeder's three years of business, in time order: orders (more of them recently, as a
 * growing business has), two contact messages per order and 0.3 quotes per order, a third of those
 * accepted by the order that paid them. Rows are written as their events happen, so ids rise with
 * time as they do on the live site; receipts are numbered last, over every paid payment in time order.
 */
import { DAY, iso, nairobiYear, type SeedContext } from "./seed-context.ts";
import { seedMessage, seedQuote } from "./seed-enquiries.ts";
import { type OrderPlan, planOrderId, seedOrder } from "./seed-orders.ts";
import { BASE64URL } from "./seed-random.ts";

const SPAN = 3 * 365 * DAY;

type Event = { at: number; kind: "order" | "message" | "quote"; order?: OrderPlan };

/** A moment in the three years before now, denser towards now. */
function drawTime(context: SeedContext): number {
  return Math.round(context.now - 60_000 - SPAN * (1 - Math.sqrt(context.random.next())));
}

function planEvents(context: SeedContext, orders: number): Event[] {
  const { random } = context;
  const events: Event[] = [];
  for (let i = 0; i < orders; i++) {
    const at = drawTime(context);
    const viaQuote = random.chance(0.1);
    const provider = viaQuote ? random.weighted({ manual: 6, mpesa: 4 }) : random.weighted({ stripe: 6, mpesa: 4 });
    const order: OrderPlan = { at, orderId: planOrderId(context, provider), viaQuote };
    events.push({ at, kind: "order", order });
    if (viaQuote) events.push({ at: at - random.int(DAY, 10 * DAY), kind: "quote", order });
  }
  for (let i = 0; i < orders * 2; i++) events.push({ at: drawTime(context), kind: "message" });
  for (let i = 0; i < Math.round(orders * 0.2); i++) events.push({ at: drawTime(context), kind: "quote" });
  // Ties broken by kind, so an accepted quote always precedes its order whatever the sort keeps.
  return events.sort((a, b) => a.at - b.at || (a.kind === "quote" ? -1 : b.kind === "quote" ? 1 : 0));
}

export function seedTimeline(context: SeedContext, orders: number): void {
  for (const event of planEvents(context, orders)) {
    if (event.kind === "order" && event.order) seedOrder(context, event.order);
    else if (event.kind === "message") seedMessage(context, event.at);
    else seedQuote(context, event.at, event.order);
  }
  seedReceipts(context);
  for (const [year, last] of context.quoteCounters) context.emit("quote_counters", { year, last_number: last });
}

/** R-<year>-<count> over every paid payment in time order, as issue-receipt numbers them. */
function seedReceipts(context: SeedContext): void {
  const counters = new Map<number, number>();
  context.paidPayments.sort((a, b) => a[0] - b[0]);
  for (const [at, paymentId] of context.paidPayments) {
    const year = nairobiYear(at);
    const n = (counters.get(year) ?? 0) + 1;
    counters.set(year, n);
    context.emit("receipts", {
      number: `R-${year}-${String(n).padStart(5, "0")}`,
      payment_id: paymentId,
      access_key: context.random.chars(32, BASE64URL),
      created_at: iso(at + 2_000),
      stored_at: iso(at + 5_000),
    });
  }
  for (const [year, last] of counters) context.emit("receipt_counters", { year, last_number: last });
}
