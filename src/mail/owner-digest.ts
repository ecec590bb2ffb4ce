import { and, asc, eq, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { breachDigestLines } from "../breaches/breach-alerts.ts";
import { database, runBatch } from "../db/client.ts";
import { quotes } from "../db/document-tables.ts";
import { contactMessages, orders, payments, subscriptions } from "../db/schema.ts";
import { type StepTally, tally } from "../http/cron-step.ts";
import type { WorkContext } from "../http/work-context.ts";
import { insightDigestLine } from "../insight/insight-digest.ts";
import { formatDateTime, formatLongDate, nairobiDay } from "../lib/dates.ts";
import { formatMoney } from "../lib/money.ts";
import {
  ADMIN_BREACHES_PATH,
  ADMIN_INSIGHT_PATH,
  ADMIN_PAYBILL_PATH,
  ADMIN_PEOPLE_PATH,
  adminSectionPaths,
} from "../paths.ts";
import { c2bDigestLines } from "../paybill/paybill-listing.ts";
import { dataRequestDigestLines } from "../privacy/data-request-deadlines.ts";
import { enqueueMail, type QueuedMail } from "./enqueue.ts";
import type { OwnerDigestData } from "./owner-digest-mail.ts";

/** The Cron Trigger that sends it: 04:00 UTC is 07:00 in Nairobi (UTC+3 all year, no summer time). */
export const DIGEST_CRON = "0 4 * * *";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Quotes whose validity ends within this many days are listed. */
const QUOTE_HORIZON_DAYS = 3;
/** Enough lines to act on from the e-mail; the back office lists the rest. */
const MAX_LINES = 25;

type DigestOrder = { order_id: string; customer_name: string; total_cents: number; currency: string };
type DigestMessage = { id: number; name: string; email: string; created_at: string };
type DigestQuote = { number: string; customer_name: string; valid_until: string };
type DigestPayment = {
  payment_id: string;
  order_id: string;
  customer_name: string;
  amount_cents: number;
  currency: string;
};
type DigestReview = { what: "order" | "payment" | "subscription"; id: string; reason: string | null };

type DigestRows = {
  paidOrders: DigestOrder[];
  messages: DigestMessage[];
  quotes: DigestQuote[];
  failedRenewals: DigestPayment[];
  review: DigestReview[];
};

/**
 * Each list oldest first, at most `limit` rows: paid since `since`, messages never answered,
 * unaccepted quotes whose validity ends between `now` and `until`, renewals that failed since
 * `since`, and everything flagged for review (all ISO times). One batch: one round trip, and the
 * lists are read from one state of the database.
 */
async function digestRows(
  db: D1Database,
  window: { since: string; now: string; until: string },
  limit: number,
): Promise<DigestRows> {
  const dz = database(db);
  const reviewed = (what: DigestReview["what"], id: SQLiteColumn, reason: SQLiteColumn) => ({
    what: sql<DigestReview["what"]>`${what}`.as("what"),
    id: sql<string>`${id}`.as("id"),
    reason: sql<string | null>`${reason}`.as("reason"),
  });
  const [paidOrders, messages, dueQuotes, failedRenewals, review] = await runBatch(db, [
    dz
      .select({
        order_id: orders.order_id,
        customer_name: orders.customer_name,
        total_cents: orders.total_cents,
        currency: orders.currency,
      })
      .from(orders)
      // Plan at 100k: SEARCH orders USING INDEX orders_paid_by_time (status=? AND paid_at>?). The status is a
      // literal so that the partial index (migrations/0029) applies.
      .where(and(sql`${orders.status} = 'paid'`, gte(orders.paid_at, window.since)))
      .orderBy(asc(orders.paid_at))
      .limit(limit),
    dz
      .select({
        id: contactMessages.id,
        name: contactMessages.name,
        email: contactMessages.email,
        created_at: contactMessages.created_at,
      })
      .from(contactMessages)
      // Plan at 100k: SCAN contact_messages USING INDEX contact_messages_unanswered: the partial
      // index in date order, stopped by the LIMIT after 25 rows.
      .where(isNull(contactMessages.answered_at))
      .orderBy(asc(contactMessages.created_at))
      .limit(limit),
    dz
      .select({ number: quotes.number, customer_name: quotes.customer_name, valid_until: quotes.valid_until })
      .from(quotes)
      // Plan at 100k: SEARCH quotes USING INDEX quotes_open_by_validity (valid_until>? AND valid_until<?).
      .where(and(isNull(quotes.accepted_at), gte(quotes.valid_until, window.now), lt(quotes.valid_until, window.until)))
      .orderBy(asc(quotes.valid_until))
      .limit(limit),
    dz
      .select({
        payment_id: payments.payment_id,
        order_id: payments.order_id,
        customer_name: orders.customer_name,
        amount_cents: payments.amount_cents,
        currency: payments.currency,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.order_id, payments.order_id))
      // Plan at 100k: SEARCH payments USING INDEX payments_failed_renewals (updated_at>?), then
      // orders by primary key. The status is a literal so that the partial index applies.
      .where(
        and(
          sql`${payments.status} = 'failed'`,
          isNotNull(payments.subscription_id),
          gte(payments.updated_at, window.since),
        ),
      )
      .orderBy(asc(payments.updated_at))
      .limit(limit),
    // One list from three tables, each select naming its columns alike (what, id, reason).
    // Plan at 100k: SEARCH orders USING INDEX orders_by_status_created (status=?), SEARCH payments
    // USING INDEX payments_for_review (review_reason>?), SEARCH subscriptions USING INDEX subscriptions_for_review.
    dz
      .select(reviewed("order", orders.order_id, orders.review_reason))
      .from(orders)
      .where(eq(orders.status, "needs_review"))
      .unionAll(
        dz
          .select(reviewed("payment", payments.payment_id, payments.review_reason))
          .from(payments)
          .where(isNotNull(payments.review_reason)),
      )
      .unionAll(
        dz
          .select(reviewed("subscription", subscriptions.subscription_id, subscriptions.review_reason))
          .from(subscriptions)
          .where(isNotNull(subscriptions.review_reason)),
      )
      .limit(limit),
  ]);
  return {
    paidOrders: (paidOrders ?? []) as DigestOrder[],
    messages: (messages ?? []) as DigestMessage[],
    quotes: (dueQuotes ?? []) as DigestQuote[],
    failedRenewals: (failedRenewals ?? []) as DigestPayment[],
    review: (review ?? []) as DigestReview[],
  };
}

const money = (cents: number, currency: string): string => formatMoney(cents, currency);

/** The lines the digest takes from other features, each read on its own. */
type OtherLines = { paybill: string[]; dataRequests: string[]; breaches: string[]; insight: string[] };

function sections(rows: DigestRows, other: OtherLines, origin: string): OwnerDigestData["sections"] {
  const at = (path: string, query = "") => `${origin}${path}${query}`;
  const all: OwnerDigestData["sections"] = [
    {
      key: "paidOrders",
      lines: rows.paidOrders.map((o) => `${o.customer_name}: ${money(o.total_cents, o.currency)} (${o.order_id})`),
      url: at(adminSectionPaths.orders, "?status=paid"),
    },
    // Every C2B payment of the day, matched or not: C2B calls are not signed, so the owner
    // compares them with the M-Pesa statement.
    { key: "paybill", lines: other.paybill, url: at(ADMIN_PAYBILL_PATH) },
    // The law's clocks first among what waits: a missed one is a breach of the Act itself.
    { key: "breaches", lines: other.breaches, url: at(ADMIN_BREACHES_PATH) },
    { key: "dataRequests", lines: other.dataRequests, url: at(ADMIN_PEOPLE_PATH) },
    {
      key: "messages",
      lines: rows.messages.map((m) => `${m.name} <${m.email}>, ${formatDateTime(m.created_at)}`),
      url: at(adminSectionPaths.messages),
    },
    {
      key: "quotes",
      lines: rows.quotes.map((q) => `${q.number} for ${q.customer_name}, valid until ${formatLongDate(q.valid_until)}`),
      url: at(adminSectionPaths.quotes),
    },
    {
      key: "failedRenewals",
      lines: rows.failedRenewals.map(
        (p) => `${p.customer_name}: ${money(p.amount_cents, p.currency)} (${p.payment_id})`,
      ),
      url: at(adminSectionPaths.subscriptions),
    },
    {
      key: "review",
      lines: rows.review.map((r) => `${r.what} ${r.id}${r.reason ? `: ${r.reason}` : ""}`),
      url: at(adminSectionPaths.orders, "?status=needs_review"),
    },
    { key: "insight", lines: other.insight, url: at(ADMIN_INSIGHT_PATH, "?days=1") },
  ];
  return all.filter((section) => section.lines.length > 0);
}

/** What other features put in the digest. One that cannot be read is left out, not the digest. */
async function otherLines(
  context: WorkContext,
  window: { since: string; now: string },
  now: Date,
): Promise<OtherLines> {
  const { env, log } = context;
  const read = async (what: string, lines: () => Promise<string[]>): Promise<string[]> => {
    try {
      return await lines();
    } catch (error) {
      log.error(`The daily digest could not read its ${what}`, { error });
      return [];
    }
  };
  const [paybill, dataRequests, breaches, insight] = await Promise.all([
    read("paybill payments", () => c2bDigestLines(env.DB, window.since, window.now, MAX_LINES)),
    read("data requests", () => dataRequestDigestLines(env.DB, now, MAX_LINES)),
    read("breaches", () => breachDigestLines(env.DB, now, MAX_LINES)),
    read("funnel", async () => {
      const line = await insightDigestLine(context, now);
      return line ? [line] : [];
    }),
  ]);
  return { paybill, dataRequests, breaches, insight };
}

/**
 * Cron at 07:00 Nairobi: one e-mail to the owner listing the last 24 hours' paid orders and paybill
 * payments (docs/paybill.md), breaches and data requests whose legal clock is running
 * (docs/breaches.md, docs/privacy-operations.md), the messages not yet answered, quotes about to
 * expire, failed renewals, whatever waits for review, and yesterday's visitors, checkouts and
 * payments (docs/insight.md).
 * Nothing when every list but yesterday's numbers is empty; at most one a Nairobi day (the outbox's
 * dedupe key), however often the trigger fires.
 */
export async function sendDailyDigest(
  context: WorkContext,
  now = new Date(),
  counted?: StepTally,
): Promise<QueuedMail | null> {
  const { env, origin, log } = context;
  const window = {
    since: new Date(now.getTime() - DAY_MS).toISOString(),
    now: now.toISOString(),
    until: new Date(now.getTime() + QUOTE_HORIZON_DAYS * DAY_MS).toISOString(),
  };
  const other = await otherLines(context, window, now);
  const rows = await digestRows(env.DB, window, MAX_LINES);
  // Each list reads at most MAX_LINES rows: the digest is a snapshot, the back office lists the rest.
  for (const list of [...Object.values(rows), ...Object.values(other)]) tally(counted, list.length, MAX_LINES);
  const listed = sections(rows, other, origin);
  // Yesterday's visitors alone are no reason to write: the digest goes when something else is listed.
  if (listed.every((section) => section.key === "insight")) {
    log.info("Daily digest skipped: nothing to report");
    return null;
  }
  const day = nairobiDay(now);
  return enqueueMail(context, {
    kind: "owner-digest",
    dedupeKey: `owner-digest:${day}`,
    data: { day: formatLongDate(`${day}T12:00:00Z`), sections: listed },
  });
}
