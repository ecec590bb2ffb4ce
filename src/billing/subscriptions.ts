/**
 * Subscriptions as Stripe's events leave them, their scheduled plan changes, the owner's review
 * reasons, and invoice events held until a checkout links their subscription to an order
 * (migrations/0003, 0008, 0010). Written with drizzle's builder; the event's own state is the one
 * raw statement (subscription-queries.ts).
 */
import { and, asc, desc, eq, gte, isNotNull, lt, lte, not, or, type SQL, sql } from "drizzle-orm";
import { database, runBatch } from "../db/client.ts";
import { type PendingInvoiceRow, pendingInvoices, type SubscriptionRow, subscriptions } from "../db/schema.ts";
import { type PlanState, type SubscriptionState, upsertSubscriptionState } from "./subscription-queries.ts";

export async function getSubscription(db: D1Database, id: string): Promise<SubscriptionRow | null> {
  const row = await database(db).select().from(subscriptions).where(eq(subscriptions.subscription_id, id)).get();
  return row ?? null;
}

/**
 * Records a subscription's state unless a newer one is stored. An equal timestamp applies (two
 * events in one second: the later delivery wins). A final status (canceled) wins whatever the
 * times say, since Stripe never undoes it, and once stored only another, newer final state replaces
 * it. A status we do not know (null) keeps the stored one. Returns the row before and after, or
 * null when the stored state was kept.
 */
export async function applySubscriptionState(
  db: D1Database,
  state: SubscriptionState,
): Promise<{ before: SubscriptionRow | null; after: SubscriptionRow } | null> {
  const before = await getSubscription(db, state.subscriptionId);
  const after = await upsertSubscriptionState(db, state);
  return after ? { before, after } : null;
}

/** A change a schedule promises, or null: nothing scheduled (released, canceled, completed). */
export type PendingChange = {
  planId: string | null;
  interval: "month" | "year" | null;
  amountCents: number | null;
  at: string;
} | null;

/**
 * Records (or clears) a subscription's scheduled change, unless a newer schedule event is stored.
 * On a tie a clearing wins, so a schedule created and released in one second ends cleared whatever
 * the order of delivery. A change the subscription has already reached, by an event not older than
 * this one, is not recorded. Returns the row before and after, or null when nothing was written.
 * The guards are the UPDATE's own WHERE, so two schedule events at once cannot undo each other.
 */
export async function applyPendingChange(
  db: D1Database,
  subscriptionId: string,
  pending: PendingChange,
  stateAt: number,
): Promise<{ before: SubscriptionRow; after: SubscriptionRow } | null> {
  const before = await getSubscription(db, subscriptionId);
  if (!before) return null;
  const s = subscriptions;
  const at = pending?.at ?? null;
  const planId = pending?.planId ?? null;
  const interval = pending?.interval ?? null;
  // Newer than the stored schedule event; on a tie, a clearing, or a change over a change.
  const newer =
    at === null
      ? lte(s.pending_state_at, stateAt)
      : or(lt(s.pending_state_at, stateAt), and(eq(s.pending_state_at, stateAt), isNotNull(s.pending_at)));
  // Not a plan the subscription already bills by an event at least as new (IS: a stored NULL is no match).
  const notReached: SQL | undefined =
    planId === null
      ? undefined
      : // and() of defined conditions is always SQL.
        not(
          and(sql`${s.plan_id} IS ${planId}`, sql`${s.plan_interval} IS ${interval}`, gte(s.state_at, stateAt)) as SQL,
        );
  const [after] = await database(db)
    .update(s)
    .set({
      pending_plan_id: planId,
      pending_interval: interval,
      pending_at: at,
      pending_state_at: stateAt,
      pending_amount_cents: pending?.amountCents ?? null,
    })
    .where(and(eq(s.subscription_id, subscriptionId), newer, notReached))
    .returning();
  return after ? { before, after } : null;
}

/** The plan a Stripe price id was last seen billing on any subscription (a schedule names prices by id). */
export async function planOfPrice(db: D1Database, priceId: string): Promise<PlanState | null> {
  const row = await database(db)
    .select({
      plan_id: subscriptions.plan_id,
      plan_interval: subscriptions.plan_interval,
      plan_amount_cents: subscriptions.plan_amount_cents,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.plan_price_id, priceId), isNotNull(subscriptions.plan_id)))
    .orderBy(desc(subscriptions.state_at))
    .limit(1)
    .get();
  if (!row?.plan_id || !row.plan_interval) return null;
  return { planId: row.plan_id, interval: row.plan_interval, amountCents: row.plan_amount_cents ?? 0, priceId };
}

/** The most review text a subscription keeps; a reason past it is still e-mailed to the owner. */
const MAX_REVIEW_CHARS = 4000;

/**
 * Adds a reason to a subscription's review unless it already says it, so each different thing
 * Stripe billed that is not our plan stays visible, not only the first. Decided in the UPDATE, on
 * the row as it stands, so two reasons arriving together are both kept.
 */
export async function addSubscriptionReview(db: D1Database, subscriptionId: string, reason: string): Promise<void> {
  const current = subscriptions.review_reason;
  await database(db)
    .update(subscriptions)
    .set({
      review_reason: sql`CASE
        WHEN ${current} IS NULL THEN ${reason}
        WHEN instr(${current}, ${reason}) > 0 OR length(${current}) + length(${reason}) > ${MAX_REVIEW_CHARS} THEN ${current}
        ELSE ${current} || '. ' || ${reason}
      END`,
    })
    .where(eq(subscriptions.subscription_id, subscriptionId));
}

/** Marks a subscription for the owner's review; the first reason stays. */
export async function flagSubscription(db: D1Database, subscriptionId: string, reason: string): Promise<void> {
  await database(db)
    .update(subscriptions)
    .set({ review_reason: sql`COALESCE(${subscriptions.review_reason}, ${reason})` })
    .where(eq(subscriptions.subscription_id, subscriptionId));
}

/** An invoice event held until its subscription is linked to an order (migrations/0008_webhook_edges.sql). */
type HeldInvoice = Omit<PendingInvoiceRow, "received_at">;

/** Held invoices nothing claimed in this long are dropped: their subscription is not one of ours. */
const HELD_INVOICE_DAYS = 30;

/**
 * Holds an invoice event for a subscription no order is linked to yet; a repeat of the event is one
 * row. Those held too long are dropped in the same batch.
 */
export async function holdInvoice(db: D1Database, held: HeldInvoice): Promise<void> {
  const dz = database(db);
  const cutoff = sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`-${HELD_INVOICE_DAYS} days`})`;
  await runBatch(db, [
    dz.insert(pendingInvoices).values(held).onConflictDoNothing(),
    dz.delete(pendingInvoices).where(lt(pendingInvoices.received_at, cutoff)),
  ]);
}

/**
 * A subscription's held invoice events, oldest first.
 * Plan at 100k: SEARCH pending_invoices USING INDEX pending_invoices_by_subscription (subscription_id=?)
 */
export function heldInvoices(db: D1Database, subscriptionId: string): Promise<PendingInvoiceRow[]> {
  const p = pendingInvoices;
  return database(db)
    .select()
    .from(p)
    .where(eq(p.subscription_id, subscriptionId))
    .orderBy(asc(p.created), asc(p.received_at), asc(p.event_id))
    .all();
}

/** Forgets a held invoice event once it is in the ledger. */
export async function releaseHeldInvoice(db: D1Database, eventId: string): Promise<void> {
  await database(db).delete(pendingInvoices).where(eq(pendingInvoices.event_id, eventId));
}
