/** The words around a back-office list: how many rows, where a search stopped, the pager's links. */
import { invoicesAdminCopy } from "../etims/invoices-admin-copy.ts";

export type AdminSectionName = "orders" | "subscriptions" | "quotes" | "messages" | "outbox" | "invoices";

/** Singular and plural of what each section lists. */
const adminNouns: Record<AdminSectionName, readonly [string, string]> = {
  orders: ["order", "orders"],
  subscriptions: ["subscription", "subscriptions"],
  quotes: ["quote", "quotes"],
  messages: ["message", "messages"],
  outbox: ["e-mail", "e-mails"],
  invoices: invoicesAdminCopy.nouns,
};

export const listCopy = {
  /**
   * "12 orders", "1 message", with "matching" when a filter is on; "More than 1,000 orders" past the
   * count's cap; for a search read in windows, what this page shows.
   */
  count: (total: { n: number; more: boolean } | null, shown: number, section: AdminSectionName, filtered: boolean) => {
    const n = total?.n ?? shown;
    const noun = n === 1 && !total?.more ? adminNouns[section][0] : adminNouns[section][1];
    const amount = total?.more ? `More than ${n.toLocaleString("en-US")}` : n.toLocaleString("en-US");
    if (!total) return `${amount} ${noun} on this page ${n === 1 ? "matches" : "match"} this filter`;
    return `${amount} ${noun}${filtered ? (n === 1 && !total.more ? " matches this filter" : " match this filter") : ""}`;
  },
  /** A search no index answers stopped reading at its time budget (keyset-page.ts). */
  stopped: (section: AdminSectionName, at: string, found: number) =>
    `${found === 0 ? `No ${adminNouns[section][1]} found yet. ` : ""}To answer quickly, this search stopped reading at ${adminNouns[section][1]} from ${at}: the next link goes on from there.`,
  pagination: {
    label: "Pagination",
    newer: "Newer",
    older: "Older",
    newest: "Newest",
    oldest: "Oldest",
    searchOlder: "Search on",
    /** Read after the links by screen readers. */
    pageWord: "page",
  },
};
