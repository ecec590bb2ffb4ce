import type { Logger } from "../http/log.ts";
import { formatDateTime, formatLongDate } from "../lib/dates.ts";
import { formatMoney } from "../lib/money.ts";
import { adminSectionPaths } from "../paths.ts";
import { type DigestRows, digestRows } from "./digest-queries.ts";
import { enqueueMail, type QueuedMail } from "./enqueue.ts";
import type { OwnerDigestData } from "./owner-digest-mail.ts";

/** The Cron Trigger that sends it: 04:00 UTC is 07:00 in Nairobi (UTC+3 all year, no summer time). */
export const DIGEST_CRON = "0 4 * * *";

const DAY_MS = 24 * 60 * 60 * 1000;
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;
/** Quotes whose validity ends within this many days are listed. */
const QUOTE_HORIZON_DAYS = 3;
/** Enough lines to act on from the e-mail; the back office lists the rest. */
const MAX_LINES = 25;

/** The Nairobi calendar day of an instant (YYYY-MM-DD): one digest per day there. */
const nairobiDay = (now: Date): string => new Date(now.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 10);

const money = (cents: number, currency: string): string => formatMoney(cents, currency);

function sections(rows: DigestRows, origin: string): OwnerDigestData["sections"] {
  const at = (path: string, query = "") => `${origin}${path}${query}`;
  const all: OwnerDigestData["sections"] = [
    {
      key: "paidOrders",
      lines: rows.paidOrders.map((o) => `${o.customer_name}: ${money(o.total_cents, o.currency)} (${o.order_id})`),
      url: at(adminSectionPaths.orders, "?status=paid"),
    },
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
  ];
  return all.filter((section) => section.lines.length > 0);
}

/**
 * Cron at 07:00 Nairobi: one e-mail to the owner listing the last 24 hours' paid orders, the
 * messages not yet answered, quotes about to expire, failed renewals and whatever waits for review.
 * Nothing when every list is empty; at most one a Nairobi day (the outbox's dedupe key), however
 * often the trigger fires.
 */
export async function sendDailyDigest(
  env: Env,
  log: Logger,
  origin: string,
  now = new Date(),
): Promise<QueuedMail | null> {
  const window = {
    since: new Date(now.getTime() - DAY_MS).toISOString(),
    now: now.toISOString(),
    until: new Date(now.getTime() + QUOTE_HORIZON_DAYS * DAY_MS).toISOString(),
  };
  const listed = sections(await digestRows(env.DB, window, MAX_LINES), origin);
  if (listed.length === 0) {
    log.info("Daily digest skipped: nothing to report");
    return null;
  }
  const day = nairobiDay(now);
  return enqueueMail(
    env,
    {
      kind: "owner-digest",
      dedupeKey: `owner-digest:${day}`,
      data: { day: formatLongDate(`${day}T12:00:00Z`), sections: listed },
    },
    log,
  );
}
