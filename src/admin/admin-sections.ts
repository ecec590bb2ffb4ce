import { type InvoicesView, invoiceListing, invoiceStatusLabel, invoicesView } from "../etims/invoices-section.ts";
import { formatDateTime } from "../lib/dates.ts";
import type { OutboxStatus } from "../mail/outbox.ts";
import type { OrderStatus } from "../orders/order-status.ts";
import { ADMIN_MESSAGES_CSV_PATH, ADMIN_ORDERS_CSV_PATH, ADMIN_OUTBOX_CSV_PATH, adminSectionPaths } from "../paths.ts";
import { nairobiToday } from "../payments/manual-payment-form.ts";
import { orderBalances, quotePartPayments } from "../payments/order-balance.ts";
import { receiptNumbersForOrders } from "../receipts/issue-receipt.ts";
import { refundsByPayment } from "../refunds/refund-views.ts";
import { reportedOrderIds } from "./admin-action-queries.ts";
import { auditForMany, ORDER_NOTE_MAX_LENGTH } from "./admin-actions.ts";
import { ADMIN_TIME_ZONE, adminCopy } from "./admin-copy.ts";
import { type AdminQuery, parseAdminQuery, SECTION_STATUSES, type Section, toQueryString } from "./admin-query.ts";
import type { Cursor } from "./keyset.ts";
import { type PagerHrefs, pagerHrefs } from "./keyset-links.ts";
import { fetchKeysetPage, type KeysetPage, type Total } from "./keyset-page.ts";
import { type MessagesView, searchMessages } from "./message-section.ts";
import { type OrdersView, searchOrders } from "./order-section.ts";
import { type OutboxView, searchOutbox } from "./outbox-section.ts";
import { type QuotesView, searchQuotes } from "./quote-section.ts";
import { type SubscriptionsView, searchSubscriptions } from "./subscription-section.ts";

/** What a section lists, by section: the data its page (admin-page.tsx) draws. */
export type AdminSectionData = OrdersView | SubscriptionsView | QuotesView | MessagesView | OutboxView | InvoicesView;

/** What every section's page shows around its rows: who is signed in, the filter, the count, the pages. */
export type AdminChrome = {
  section: Section;
  /** Who is signed in: the Access e-mail address, or "admin". */
  who: string;
  query: AdminQuery;
  /** The list's query string as shown (page included), kept by the item forms for the way back. */
  listQuery: string;
  /** The filter's status options, as the search accepts them. */
  statuses: readonly string[];
  /** The label of each status option. */
  statusLabel: (status: string) => string;
  /** The filter's rows, counted up to 1,000; null for a search read in windows (keyset-page.ts). */
  total: Total;
  /** Rows on this page. */
  shown: number;
  /** A search that stopped at its time budget: how far back it read, as the owner reads it. */
  stoppedAt: string | null;
  links: PagerHrefs & { csv: string | null };
};

type Found = Pick<KeysetPage<unknown>, "rows" | "total" | "links" | "stoppedAt">;

/** One section's rows for a query string, and what its page shows beside them. */
type SectionLoader = (
  db: D1Database,
  params: URLSearchParams,
  env: Env,
) => Promise<{ query: AdminQuery; found: Found; data: AdminSectionData }>;

/** Each section of the back office: how its query reads, what it lists, with which audit trail. */
const sections: { [S in Section]: SectionLoader } = {
  async orders(db, params) {
    const query = parseAdminQuery("orders", params);
    const found = await searchOrders(db, query);
    const audit = await auditForMany(
      db,
      "order",
      found.rows.map((o) => o.order_id),
    );
    const receipts = await receiptNumbersForOrders(
      db,
      found.rows.map((o) => o.order_id),
    );
    const balances = await orderBalances(
      db,
      found.rows.map((o) => o.order_id),
    );
    return {
      query,
      found,
      data: {
        section: "orders",
        rows: found.rows,
        audit,
        noteMax: ORDER_NOTE_MAX_LENGTH,
        receipts,
        refunds: await refundsByPayment(
          db,
          found.rows.map((o) => o.order_id),
        ),
        balances,
        today: nairobiToday(),
        recorded: params.get("recorded") === "1",
        kraPinReported: await reportedOrderIds(
          db,
          found.rows.map((o) => o.order_id),
        ),
        kraPinSaved: params.get("pin") === "saved",
      },
    };
  },
  async subscriptions(db, params) {
    const query = parseAdminQuery("subscriptions", params);
    const found = await searchSubscriptions(db, query);
    return {
      query,
      found,
      data: { section: "subscriptions", rows: found.rows, monthlyRevenue: found.monthlyRevenue },
    };
  },
  async quotes(db, params) {
    const query = parseAdminQuery("quotes", params);
    const found = await searchQuotes(db, query);
    const audit = await auditForMany(
      db,
      "quote",
      found.rows.map((q) => q.number),
    );
    return {
      query,
      found,
      data: {
        section: "quotes",
        rows: found.rows,
        now: Date.now(),
        audit,
        partPaid: await quotePartPayments(
          db,
          found.rows.map((q) => q.number),
        ),
        today: nairobiToday(),
      },
    };
  },
  async messages(db, params) {
    const query = parseAdminQuery("messages", params);
    const found = await searchMessages(db, query);
    const audit = await auditForMany(
      db,
      "message",
      found.rows.map((m) => m.id),
    );
    return { query, found, data: { section: "messages", rows: found.rows, audit } };
  },
  async outbox(db, params) {
    const query = parseAdminQuery("outbox", params);
    const found = await searchOutbox(db, query);
    const audit = await auditForMany(
      db,
      "outbox",
      found.rows.map((m) => m.id),
    );
    return { query, found, data: { section: "outbox", rows: found.rows, audit } };
  },
  async invoices(db, params, env) {
    const query = parseAdminQuery("invoices", params);
    const found = await fetchKeysetPage<InvoicesView["rows"][number]>(db, invoiceListing(db, query), query.cursor);
    return { query, found, data: await invoicesView(db, env, found.rows, params) };
  },
};

/** How each section's filter names its statuses. */
const statusLabels: { [S in Section]: (status: string) => string } = {
  orders: (status) => adminCopy.status[status as OrderStatus] ?? status,
  outbox: (status) => adminCopy.outbox.status[status as OutboxStatus] ?? status,
  subscriptions: (status) => adminCopy.statusLabels.subscriptions[status] ?? status,
  quotes: (status) => adminCopy.statusLabels.quotes[status] ?? status,
  messages: (status) => adminCopy.statusLabels.messages[status] ?? status,
  invoices: invoiceStatusLabel,
};

const csvPaths: Partial<Record<Section, string>> = {
  orders: ADMIN_ORDERS_CSV_PATH,
  messages: ADMIN_MESSAGES_CSV_PATH,
  outbox: ADMIN_OUTBOX_CSV_PATH,
};

/** `path?query`, or the path alone for an empty query. */
const href = (path: string, query: string) => (query ? `${path}?${query}` : path);

/**
 * A section's page as the owner sees it: the filter, the count, the rows and the links to the pages
 * before and after and to the CSV export, each keeping the filter.
 */
export async function adminSectionView(
  env: Env,
  section: Section,
  params: URLSearchParams,
  who: string,
): Promise<{ chrome: AdminChrome; data: AdminSectionData }> {
  const { query, found, data } = await sections[section](env.DB, params, env);
  const path = adminSectionPaths[section];
  const at = (cursor: Cursor | null) => href(path, toQueryString({ ...query, cursor }));
  const csv = csvPaths[section];
  const stopped = found.stoppedAt?.[0];
  const chrome: AdminChrome = {
    section,
    who,
    query,
    listQuery: toQueryString(query),
    statuses: SECTION_STATUSES[section],
    statusLabel: statusLabels[section],
    total: found.total,
    shown: found.rows.length,
    stoppedAt:
      stopped === undefined
        ? null
        : typeof stopped === "number"
          ? `#${stopped}`
          : formatDateTime(stopped, ADMIN_TIME_ZONE),
    links: { ...pagerHrefs(found.links, at), csv: csv ? href(csv, toQueryString({ ...query, cursor: null })) : null },
  };
  return { chrome, data };
}
