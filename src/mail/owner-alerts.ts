import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { database } from "../db/client.ts";
import { mpesaRequests, orders as ordersTable } from "../db/schema.ts";
import { type StepTally, tally } from "../http/cron-step.ts";
import type { WorkContext } from "../http/work-context.ts";
import { formatDateTime } from "../lib/dates.ts";
import { adminSectionPaths } from "../paths.ts";
import { enqueueMail, type QueuedMail } from "./enqueue.ts";
import type { Details } from "./mail-layout.ts";
import type { OutboxRow } from "./outbox.ts";
import { ownerAlertCopy } from "./owner-alerts-copy.ts";

/** A card checkout session lasts 24 hours: past that, Stripe should have said how it ended. */
const STRIPE_STUCK_AFTER_MS = 24 * 60 * 60 * 1000;
/** A buyer answers an M-Pesa prompt within a minute or two; the sweep asks Daraja every few minutes. */
const MPESA_STUCK_AFTER_MS = 15 * 60 * 1000;
/**
 * How long a waiting payment stays in the alert: an hour's alert or two name it, then the back office
 * and the daily digest carry it (a missed "expired" event must not bring an e-mail every hour for ever;
 * the M-Pesa sweep settles a prompt after an hour anyway).
 */
const ALERTED_FOR_MS = 2 * 60 * 60 * 1000;
/** Enough lines to act on; the back office lists the rest. */
const MAX_LISTED = 20;

/** The clock hour (UTC) an alert belongs to: one alert of each kind per hour. */
const hourOf = (now: Date): string => now.toISOString().slice(0, 13);

/** The alerts' own kinds: one of them failing is never alerted about, or a dead mailbox would loop. */
const ALERT_KINDS: readonly string[] = ["owner-alert-mail-failed", "owner-alert-stuck"];

/**
 * An e-mail was dead-lettered (marked failed after every retry): the owner hears at once, at most
 * once an hour whatever fails (the outbox's dedupe key decides that atomically). A failed alert
 * alerts nobody.
 */
export async function alertMailFailed(
  context: WorkContext,
  row: Pick<OutboxRow, "id" | "kind" | "recipient" | "subject" | "last_error">,
  now = new Date(),
): Promise<QueuedMail | null> {
  if (ALERT_KINDS.includes(row.kind)) return null;
  const copy = ownerAlertCopy.mailFailed;
  return enqueueMail(context, {
    kind: "owner-alert-mail-failed",
    dedupeKey: `owner-alert-mail-failed:${hourOf(now)}`,
    data: {
      customerName: copy.subject,
      summary: copy.summary,
      details: [
        [copy.labels.kind, row.kind],
        [copy.labels.recipient, row.recipient],
        [copy.labels.subject, row.subject],
        [copy.labels.error, row.last_error ?? "-"],
        [copy.labels.id, String(row.id)],
      ],
      adminUrl: `${context.origin}${adminSectionPaths.outbox}?status=failed`,
    },
  });
}

type StuckOrder = { order_id: string; status: string; customer_name: string; created_at: string };
type StuckPrompt = { checkout_request_id: string; order_id: string; amount_kes: number; created_at: string };
/** When a payment started: between `after` and `before` (ISO) it is stuck and still worth an alert. */
type StuckWindow = { after: string; before: string };

/** Card orders still pending or awaiting payment made in the window, oldest first. */
function stuckStripeOrders(db: D1Database, { after, before }: StuckWindow, limit: number): Promise<StuckOrder[]> {
  const o = ordersTable;
  return database(db)
    .select({ order_id: o.order_id, status: o.status, customer_name: o.customer_name, created_at: o.created_at })
    .from(o)
    .where(
      and(
        eq(o.provider, "stripe"),
        inArray(o.status, ["pending", "awaiting_payment"]),
        lt(o.created_at, before),
        gte(o.created_at, after),
      ),
    )
    .orderBy(asc(o.created_at))
    .limit(limit);
}

/** M-Pesa prompts still pending sent in the window, oldest first. */
function stuckMpesaPrompts(db: D1Database, { after, before }: StuckWindow, limit: number): Promise<StuckPrompt[]> {
  const r = mpesaRequests;
  return database(db)
    .select({
      checkout_request_id: r.checkout_request_id,
      order_id: r.order_id,
      amount_kes: r.amount_kes,
      created_at: r.created_at,
    })
    .from(r)
    .where(and(eq(r.status, "pending"), lt(r.created_at, before), gte(r.created_at, after)))
    .orderBy(asc(r.created_at))
    .limit(limit);
}

function stuckDetails(orders: StuckOrder[], prompts: StuckPrompt[]): Details {
  const copy = ownerAlertCopy.stuck;
  const details: Details = [
    ...orders.map((o): [string, string] => [
      copy.labels.card,
      copy.cardOrder(o.status.replace("_", " "), o.customer_name, formatDateTime(o.created_at)),
    ]),
    ...prompts.map((p): [string, string] => [
      copy.labels.prompt,
      copy.prompt(p.order_id, p.amount_kes, formatDateTime(p.created_at)),
    ]),
  ];
  if (details.length <= MAX_LISTED) return details;
  return [...details.slice(0, MAX_LISTED), [copy.labels.more, copy.more(details.length - MAX_LISTED)]];
}

/**
 * Cron: card orders still pending or awaiting payment a day after they were made, and M-Pesa
 * prompts still pending after 15 minutes, in one e-mail to the owner at most once an hour; nothing
 * when there are none.
 */
export async function alertStuckPayments(
  context: WorkContext,
  now = new Date(),
  counted?: StepTally,
): Promise<QueuedMail | null> {
  const { env, origin, log } = context;
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const window = (ms: number) => ({ before: before(ms), after: before(ms + ALERTED_FOR_MS) });
  const [orders, prompts] = await Promise.all([
    stuckStripeOrders(env.DB, window(STRIPE_STUCK_AFTER_MS), MAX_LISTED + 1),
    stuckMpesaPrompts(env.DB, window(MPESA_STUCK_AFTER_MS), MAX_LISTED + 1),
  ]);
  tally(counted, orders.length, MAX_LISTED + 1);
  tally(counted, prompts.length, MAX_LISTED + 1);
  if (orders.length === 0 && prompts.length === 0) return null;
  const copy = ownerAlertCopy.stuck;
  log.warn("Payments waiting too long", { cardOrders: orders.length, mpesaPrompts: prompts.length });
  return enqueueMail(context, {
    kind: "owner-alert-stuck",
    dedupeKey: `owner-alert-stuck:${hourOf(now)}`,
    data: {
      customerName: copy.subject,
      summary: copy.summary,
      details: stuckDetails(orders, prompts),
      adminUrl: `${origin}${adminSectionPaths.orders}`,
    },
  });
}
