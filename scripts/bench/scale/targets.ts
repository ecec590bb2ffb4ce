/**
 * What the scale run measures, the same at every size: the back office's lists, searches, People
 * lookups and exports, with probe addresses picked from the seeded D1 itself by one rule.
 */
import { DatabaseSync } from "node:sqlite";
import { localD1File } from "./seed.ts";

export type Probes = {
  /** A Gmail buyer with the most orders (ties: the first address). */
  gmailBuyer: string;
  /** The buyer at any other domain with the most orders. */
  otherBuyer: string;
  /** Rows each CSV must hold (the export's filter is none: every row). */
  expectedRows: { orders: number; messages: number; emails: number };
  /** Rows per table, for the plans' "over 1,000 rows" rule. */
  tableRows: Record<string, number>;
};

/** An address no seeded row can have (.invalid is reserved). */
export const NO_MATCH = "nobody-at-all@scale-bench.invalid";

const BUYERS = `SELECT customer_email AS email, COUNT(*) AS n FROM orders
  WHERE customer_email IS NOT NULL AND customer_email <> '' AND lower(customer_email) %s '%@gmail.com'
  GROUP BY customer_email ORDER BY n DESC, customer_email LIMIT 1`;

/** Reads the probes before the worker serves the state (and before the crons change it). */
export function pickProbes(persistTo: string): Probes {
  const db = new DatabaseSync(localD1File(persistTo), { readOnly: true });
  try {
    const buyer = (op: string): string => {
      const row = db.prepare(BUYERS.replace("%s", op)).get() as { email?: string } | undefined;
      if (!row?.email) throw new Error(`The seeded D1 has no buyer matching "${op} gmail.com"`);
      return row.email;
    };
    const count = (table: string): number =>
      Number((db.prepare(`SELECT COUNT(*) AS n FROM "${table}"`).get() as { n: number }).n);
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
      )
      .all() as { name: string }[];
    const tableRows: Record<string, number> = {};
    for (const { name } of tables) {
      try {
        tableRows[name] = count(name);
      } catch {
        // FTS shadow tables and the like: not ours to count.
      }
    }
    return {
      gmailBuyer: buyer("LIKE"),
      otherBuyer: buyer("NOT LIKE"),
      expectedRows: { orders: count("orders"), messages: count("contact_messages"), emails: count("outbox") },
      tableRows,
    };
  } finally {
    db.close();
  }
}

export type Target = { what: string; path: string; kind: "list" | "search" | "people" | "csv" };

/** Every measured request, in order; `lastOrdersPage` comes from the first page's own HTML. */
export function targetsFor(probes: Probes, lastOrdersPage: string | null): Target[] {
  const q = (value: string) => encodeURIComponent(value);
  const list: Target[] = [
    { what: "orders, page 1", path: "/admin/orders", kind: "list" },
    ...(lastOrdersPage ? [{ what: "orders, last page", path: lastOrdersPage, kind: "list" as const }] : []),
    { what: "orders, search by e-mail", path: `/admin/orders?q=${q(probes.gmailBuyer)}`, kind: "search" },
    { what: "orders, search with no match", path: `/admin/orders?q=${q(NO_MATCH)}`, kind: "search" },
    { what: "subscriptions", path: "/admin/subscriptions", kind: "list" },
    { what: "quotes", path: "/admin/quotes", kind: "list" },
    { what: "messages", path: "/admin/messages", kind: "list" },
    { what: "e-mails (outbox)", path: "/admin/outbox", kind: "list" },
    { what: "invoices", path: "/admin/invoices", kind: "list" },
    { what: "paybill", path: "/admin/paybill", kind: "list" },
    { what: "People, a Gmail buyer", path: `/admin/people?email=${q(probes.gmailBuyer)}`, kind: "people" },
    { what: "People, a buyer at another domain", path: `/admin/people?email=${q(probes.otherBuyer)}`, kind: "people" },
    { what: "orders CSV", path: "/admin/orders.csv", kind: "csv" },
    { what: "messages CSV", path: "/admin/messages.csv", kind: "csv" },
    { what: "e-mails CSV", path: "/admin/outbox.csv", kind: "csv" },
  ];
  return list;
}

/**
 * The last page's address as the first page links it: "Page 1 of N" (numbered pages), or the
 * keyset pager's "Oldest" link (data-page-link="last"). Null when the page offers neither.
 */
export function lastPageOf(firstPageHtml: string): string | null {
  const numbered = /Page 1 of ([0-9][0-9,]*)/.exec(firstPageHtml);
  if (numbered?.[1]) {
    const pages = Number(numbered[1].replace(/,/g, ""));
    return pages > 1 ? `/admin/orders?page=${pages}` : null;
  }
  const last =
    /<a\b[^>]*\bhref="([^"]+)"[^>]*\bdata-page-link="last"|<a\b[^>]*\bdata-page-link="last"[^>]*\bhref="([^"]+)"/.exec(
      firstPageHtml,
    );
  const href = last?.[1] ?? last?.[2];
  return href ? href.replace(/&amp;/g, "&") : null;
}

/** Records in a CSV body (quoted fields may hold line breaks), header excluded. */
export function csvRecords(body: string): number {
  let records = 0;
  let quoted = false;
  let sawField = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === "\n" && !quoted) {
      records++;
      sawField = false;
      continue;
    }
    if (ch !== "\r") sawField = true;
  }
  if (sawField) records++;
  return Math.max(0, records - 1);
}
