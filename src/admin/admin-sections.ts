import type { OutboxStatus } from "../mail/outbox.ts";
import type { OrderStatus } from "../orders/order-status.ts";
import { ADMIN_MESSAGES_CSV_PATH, ADMIN_ORDERS_CSV_PATH, adminSectionPaths } from "../paths.ts";
import { nairobiToday } from "../payments/manual-payment-form.ts";
import { orderBalances, quotePartPayments } from "../payments/order-balance-queries.ts";
import { receiptNumbersForOrders } from "../receipts/receipt-link-queries.ts";
import { auditForMany, ORDER_NOTE_MAX_LENGTH } from "./admin-actions.ts";
import { adminCopy } from "./admin-copy.ts";
import type { AdminChrome, AdminSectionData } from "./admin-page.tsx";
import { type AdminQuery, parseAdminQuery, SECTION_STATUSES, type Section, toQueryString } from "./admin-query.ts";
import { searchMessages } from "./message-section.ts";
import { searchOrders } from "./order-section.ts";
import { searchOutbox } from "./outbox-section.ts";
import { searchQuotes } from "./quote-section.ts";
import { searchSubscriptions } from "./subscription-section.ts";

type Found = { total: number; page: number; pages: number };

/** One section's rows for a query string, and what its page shows beside them. */
type SectionLoader = (
  db: D1Database,
  params: URLSearchParams,
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
        balances,
        today: nairobiToday(),
        recorded: params.get("recorded") === "1",
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
};

/** How each section's filter names its statuses. */
const statusLabels: { [S in Section]: (status: string) => string } = {
  orders: (status) => adminCopy.status[status as OrderStatus] ?? status,
  outbox: (status) => adminCopy.outbox.status[status as OutboxStatus] ?? status,
  subscriptions: (status) => adminCopy.statusLabels.subscriptions[status] ?? status,
  quotes: (status) => adminCopy.statusLabels.quotes[status] ?? status,
  messages: (status) => adminCopy.statusLabels.messages[status] ?? status,
};

const csvPaths: Partial<Record<Section, string>> = {
  orders: ADMIN_ORDERS_CSV_PATH,
  messages: ADMIN_MESSAGES_CSV_PATH,
};

/** `path?query`, or the path alone for an empty query. */
const href = (path: string, query: string) => (query ? `${path}?${query}` : path);

/**
 * A section's page as the owner sees it: the filter, the count, the rows and the links to the pages
 * before and after and to the CSV export, each keeping the filter.
 */
export async function adminSectionView(
  db: D1Database,
  section: Section,
  params: URLSearchParams,
  who: string,
): Promise<{ chrome: AdminChrome; data: AdminSectionData }> {
  const { query, found, data } = await sections[section](db, params);
  const path = adminSectionPaths[section];
  const at = (page: number) => href(path, toQueryString({ ...query, page }));
  const csv = csvPaths[section];
  const chrome: AdminChrome = {
    section,
    who,
    query,
    listQuery: toQueryString({ ...query, page: found.page }),
    statuses: SECTION_STATUSES[section],
    statusLabel: statusLabels[section],
    total: found.total,
    page: found.page,
    pages: found.pages,
    links: {
      previous: found.page > 1 ? at(found.page - 1) : null,
      next: found.page < found.pages ? at(found.page + 1) : null,
      csv: csv ? href(csv, toQueryString({ ...query, page: 1 })) : null,
    },
  };
  return { chrome, data };
}
