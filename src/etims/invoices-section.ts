/**
 * The back office's Tax invoices (admin/admin-sections.ts lists it with the other sections): every
 * sale reported to KRA or waiting to be, with KRA's numbers or its last message, and the owner's
 * "Send again now" for a waiting one.
 */
import { auditForMany } from "../admin/admin-actions.ts";
import type { AdminQuery } from "../admin/admin-query.ts";
import type { Listing } from "../db/keyset-listing.ts";
import type { AuditRow } from "../db/schema.ts";
import type { WorkContext } from "../http/work-context.ts";
import { etimsConfigOrNull } from "../providers/etims.ts";
import { type InvoiceRow, invoicesListing, makeSaleDueNow, saleStatusOf } from "./invoice-admin-queries.ts";
import { invoicesAdminCopy } from "./invoices-admin-copy.ts";
import { nudgeSaleSender } from "./sale-numbering.ts";

export type { InvoiceRow } from "./invoice-admin-queries.ts";

/** What the Tax invoices page shows: a page of sales, each with the owner's retries of it. */
export type InvoicesView = {
  section: "invoices";
  rows: InvoiceRow[];
  /** By our invoice number. */
  audit: ReadonlyMap<string, AuditRow[]>;
  /** False: the page says that new sales are not reported, and how to turn reporting on. */
  etimsConfigured: boolean;
  /** The redirect after "Send again now" says so. */
  retried: boolean;
};

/** The sales a query selects, newest number first, for the back office's paging. */
export function invoiceListing(db: D1Database, query: AdminQuery<"invoices">): Listing {
  return invoicesListing(db, query);
}

export function invoiceStatusLabel(status: string): string {
  const labels: Record<string, string> = invoicesAdminCopy.status;
  return labels[status] ?? status;
}

/** A misconfigured eTIMS reports nothing either, so the page says the same of it. */
function isConfigured(env: Env): boolean {
  try {
    return etimsConfigOrNull(env) !== null;
  } catch {
    return false;
  }
}

/**
 * The retries are audited under the sale's order (its detail is the invoice number): an order's
 * trail holds every one of its sales' retries, each sale shows its own.
 */
async function retriesOf(db: D1Database, rows: readonly InvoiceRow[]): Promise<Map<string, AuditRow[]>> {
  const byOrder = await auditForMany(
    db,
    "order",
    rows.flatMap((row) => (row.order_id ? [row.order_id] : [])),
  );
  const bySale = new Map<string, AuditRow[]>();
  for (const row of rows) {
    const trail = (row.order_id ? byOrder.get(row.order_id) : undefined) ?? [];
    const retries = trail.filter((a) => a.action === "order.etims_retry" && a.detail === row.trader_invoice_no);
    if (retries.length > 0) bySale.set(row.trader_invoice_no, retries);
  }
  return bySale;
}

export async function invoicesView(
  db: D1Database,
  env: Env,
  rows: InvoiceRow[],
  params: URLSearchParams,
): Promise<InvoicesView> {
  return {
    section: "invoices",
    rows,
    audit: await retriesOf(db, rows),
    etimsConfigured: isConfigured(env),
    retried: params.get("retried") === "1",
  };
}

/** Our invoice numbers as sale-queries' numbering writes them: INV-<year>-<five digits at least>. */
const TRADER_INVOICE_NO = /^INV-[0-9]{4}-[0-9]{5,15}$/;

export type RetryResult = { ok: true } | { ok: false; reason: "accepted" | "unknown" };

/**
 * The owner's "Send again now": a waiting sale is due at once (audited) and the sender is nudged, so
 * KRA is asked within seconds rather than at the end of its backoff (after the owner corrected what
 * KRA refused, say). An accepted or unknown sale changes nothing. A second click only asks again: the
 * sender's lease sends each sale once at a time, and an accepted one is never sent again.
 */
export async function retryInvoice(context: WorkContext, traderInvoiceNo: string, actor: string): Promise<RetryResult> {
  const db = context.env.DB;
  if (!TRADER_INVOICE_NO.test(traderInvoiceNo)) return { ok: false, reason: "unknown" };
  if (await makeSaleDueNow(db, traderInvoiceNo, { actor, at: new Date().toISOString() })) {
    await nudgeSaleSender(context, `owner retry ${traderInvoiceNo}`);
    return { ok: true };
  }
  const status = await saleStatusOf(db, traderInvoiceNo);
  return { ok: false, reason: status === "accepted" ? "accepted" : "unknown" };
}
