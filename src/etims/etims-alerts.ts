/**
 * Sales that have waited over an hour for KRA: the owner is told, at most once an hour (the
 * outbox's key decides it atomically), for as long as any waits. The back office lists them all.
 */
import { type StepTally, tally } from "../http/cron-step.ts";
import type { WorkContext } from "../http/work-context.ts";
import { formatDateTime } from "../lib/dates.ts";
import { enqueueMail, type QueuedMail } from "../mail/enqueue.ts";
import { adminSectionPaths } from "../paths.ts";
import { etimsCopy } from "./etims-copy.ts";
import { longWaitingSales } from "./sale-queries.ts";

const WAITED_TOO_LONG_MS = 60 * 60_000;
const MAX_LISTED = 20;

export async function alertWaitingSales(
  context: WorkContext,
  now = new Date(),
  counted?: StepTally,
): Promise<QueuedMail | null> {
  const before = new Date(now.getTime() - WAITED_TOO_LONG_MS).toISOString();
  const waiting = await longWaitingSales(context.env.DB, before, MAX_LISTED + 1);
  tally(counted, waiting.length, MAX_LISTED + 1);
  if (waiting.length === 0) return null;
  const copy = etimsCopy.alert;
  const details: [string, string][] = waiting
    .slice(0, MAX_LISTED)
    .map((sale) => [
      copy.labels.sale,
      copy.line(
        sale.trader_invoice_no,
        sale.customer_name ?? sale.order_id,
        formatDateTime(sale.created_at),
        sale.last_error ?? copy.noAnswer,
      ),
    ]);
  if (waiting.length > MAX_LISTED) details.push([copy.labels.more, copy.more(waiting.length - MAX_LISTED)]);
  return enqueueMail(context, {
    kind: "owner-alert-etims",
    dedupeKey: `owner-alert-etims:${now.toISOString().slice(0, 13)}`,
    data: {
      customerName: copy.subject,
      summary: copy.summary,
      details,
      adminUrl: `${context.origin}${adminSectionPaths.invoices}?status=pending`,
    },
  });
}
