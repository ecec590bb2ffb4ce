// The Paybill page at any size (issue 37): the payments waiting for the owner listed on their own,
// all of them up to a bound with an exact count, and the matched and assigned ones a page at a time
// from a position (received_at, then TransID), never by page number. Rows are written straight into
// c2b_payments: how they got there is paybill-payments.test.ts's business, not the pager's.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PAGE_SIZE } from "../../src/admin/admin-query.ts";
import type { Statement } from "../../src/db/client.ts";
import { UNMATCHED_SHOWN } from "../../src/paybill/paybill-listing.ts";
import { settledListing, unmatchedCount, unmatchedPayments } from "../../src/paybill/paybill-queries.ts";
import { openAsOwner } from "./support/admin-forms.ts";
import { queryAll, textOf } from "./support/html.ts";

const db = env.DB;

/** `count` payments of one status, three to each received time (ties the TransID must break). */
async function insertPayments(count: number, status: "matched" | "unmatched", prefix: string, day: string) {
  const statements = Array.from({ length: count }, (_, i) => {
    const second = String(Math.floor(i / 3) % 60).padStart(2, "0");
    const minute = String(Math.floor(i / 180)).padStart(2, "0");
    // Tie order differs from insert order: the pager must sort by TransID, not by rowid.
    const transId = `${prefix}${String((i * 7) % count).padStart(6, "0")}`;
    return db
      .prepare(
        `INSERT INTO c2b_payments (trans_id, trans_type, amount_cents, short_code, bill_ref, msisdn, payer_name,
          trans_time, status, target_kind, target_ref, unmatched_reason, received_at)
        VALUES (?, 'Pay Bill', 100000, '600000', 'ACC', '2547***123', 'AMINA', '20260101120000', ?, ?, ?, ?, ?)`,
      )
      .bind(
        transId,
        status,
        status === "matched" ? "order" : null,
        status === "matched" ? `ORD-${transId}` : null,
        status === "unmatched" ? "unknown" : null,
        `${day}T10:${minute}:${second}.000Z`,
      );
  });
  await db.batch(statements);
}

type Opened = Awaited<ReturnType<typeof openAsOwner>>;

const settledIds = (page: Opened) =>
  queryAll(page.document, '[data-list="settled"] tr[data-c2b]').map((row) => row.getAttribute("data-c2b") ?? "");
const unmatchedIds = (page: Opened) =>
  queryAll(page.document, '[data-list="unmatched"] tr[data-c2b]').map((row) => row.getAttribute("data-c2b") ?? "");
const pager = (page: Opened) => page.document.querySelector('nav[aria-label="Pagination"]');
const hrefOf = (page: Opened, selector: string) => pager(page)?.querySelector(selector)?.getAttribute("href") ?? null;

/** The matched and assigned payments in the list's order, from the database. */
async function settledInOrder(): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT trans_id FROM c2b_payments WHERE status <> 'unmatched' ORDER BY received_at DESC, trans_id DESC")
    .all<{ trans_id: string }>();
  return results.map((r) => r.trans_id);
}

/** Every pager link names its page in visible text, and the nav says what it is. */
function expectAccessiblePager(page: Opened) {
  const nav = pager(page);
  expect(nav?.getAttribute("aria-label")).toBe("Pagination");
  for (const a of queryAll(nav ?? page.document, "a")) {
    // What a sighted reader sees: the screen reader's "page" and the arrows left out.
    const seen = a.cloneNode(true) as typeof a;
    for (const hidden of queryAll(seen, '.sr-only, [aria-hidden="true"]')) hidden.remove();
    const visible = textOf(seen).trim();
    expect(visible).toMatch(/^(Newest|Newer|Older|Oldest)$/);
  }
}

describe("the Paybill page's lists", () => {
  it("pages 120 matched payments with tied times through Older links, every row once, the waiting ones apart", async () => {
    await insertPayments(120, "matched", "TM", "2026-03-02");
    await insertPayments(3, "unmatched", "TU", "2026-03-01");
    const expected = await settledInOrder();
    expect(expected).toHaveLength(120);

    const first = await openAsOwner("/admin/paybill");
    expect(first.status).toBe(200);
    expect(first.document.querySelector("[data-unmatched]")?.getAttribute("data-unmatched")).toBe("3");
    // The waiting ones, the longest waiting first (ties by TransID), and never in the history's pages.
    expect(unmatchedIds(first)).toEqual(["TU000000", "TU000001", "TU000002"]);
    expect(first.document.querySelectorAll('[data-list="unmatched"] form[data-assign]')).toHaveLength(3);
    expect(textOf(first.document.querySelector('[data-list="settled"] [data-total]'))).toBe(
      "120 payments matched or assigned",
    );
    expect(settledIds(first)).toEqual(expected.slice(0, PAGE_SIZE));
    expect(hrefOf(first, 'a[rel="prev"]')).toBeNull();
    expect(hrefOf(first, 'a[data-page-link="first"]')).toBeNull();
    expect(hrefOf(first, 'a[data-page-link="last"]')).toBe("/admin/paybill?oldest=1");
    expectAccessiblePager(first);
    // Two tables, each named by its own caption, under their own headings.
    expect(queryAll(first.document, "caption").map((c) => textOf(c))).toEqual([
      "Paybill payments waiting to be assigned, the longest waiting first",
      "Matched and assigned paybill payments, newest first",
    ]);

    const seen: string[] = [...settledIds(first)];
    let page = first;
    for (let next = hrefOf(page, 'a[rel="next"]'); next; next = hrefOf(page, 'a[rel="next"]')) {
      // The position is the last row's (received_at, TransID), not a page number.
      expect(next).toMatch(/^\/admin\/paybill\?after=2026-03-02T10%3A\d\d%3A\d\d\.000Z%7ETM\d{6}$/);
      page = await openAsOwner(next);
      expect(page.status).toBe(200);
      expect(unmatchedIds(page)).toEqual([]);
      expect(page.document.querySelector("[data-see-unmatched]")?.getAttribute("href")).toBe("/admin/paybill");
      seen.push(...settledIds(page));
    }
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(120);
    expect(hrefOf(page, 'a[data-page-link="last"]')).toBeNull();
    expect(hrefOf(page, 'a[data-page-link="first"]')).toBe("/admin/paybill");
    expectAccessiblePager(page);

    // Newer from the last page: the page before it, whole.
    const back = await openAsOwner(hrefOf(page, 'a[rel="prev"]') ?? "");
    expect(settledIds(back)).toEqual(expected.slice(PAGE_SIZE, 2 * PAGE_SIZE));
    // Oldest: the 50 oldest, with the way newer and no way older.
    const oldest = await openAsOwner("/admin/paybill?oldest=1");
    expect(settledIds(oldest)).toEqual(expected.slice(-PAGE_SIZE));
    expect(hrefOf(oldest, 'a[rel="next"]')).toBeNull();
    expect(hrefOf(oldest, 'a[rel="prev"]')).not.toBeNull();
  }, 30_000);

  it("answers a stale position: a row gone, a time between rows, past either end, or a mangled link", async () => {
    const expected = await settledInOrder();
    const tenth = expected[9] ?? "";
    const row = await db
      .prepare("SELECT received_at FROM c2b_payments WHERE trans_id = ?")
      .bind(tenth)
      .first<{ received_at: string }>();
    const key = `${row?.received_at}~${tenth}`;
    await db.prepare("DELETE FROM c2b_payments WHERE trans_id = ?").bind(tenth).run();
    const startingAfter = (k: string) => `/admin/paybill?${new URLSearchParams({ after: k })}`;

    // The row its link started from is gone: the rows older than where it was, as before.
    const gone = await openAsOwner(startingAfter(key));
    expect(gone.status).toBe(200);
    expect(settledIds(gone)).toEqual(expected.slice(10, 10 + PAGE_SIZE));
    expect(hrefOf(gone, 'a[rel="prev"]')).not.toBeNull();

    // A time no row holds: the rows older than it.
    const between = await openAsOwner(startingAfter("2026-03-02T10:00:05.500Z~TM999999"));
    const olderThanBetween = expected.filter((id) => id !== tenth).slice(-18);
    expect(settledIds(between)).toEqual(olderThanBetween);

    // Past the oldest: nothing this way, said so, with the way back.
    const past = await openAsOwner(startingAfter("2001-01-01T00:00:00.000Z~A"));
    expect(past.status).toBe(200);
    expect(settledIds(past)).toEqual([]);
    expect(textOf(past.document.querySelector('[data-list="settled"]'))).toContain("No payment further this way.");
    expect(hrefOf(past, 'a[data-page-link="first"]')).toBe("/admin/paybill");
    // Newer than the newest, an old numbered link or a mangled position: the newest page.
    const newest = settledIds(await openAsOwner("/admin/paybill"));
    for (const path of [
      `/admin/paybill?${new URLSearchParams({ before: "2099-01-01T00:00:00.000Z~Z" })}`,
      "/admin/paybill?page=3",
      "/admin/paybill?after=%3Cscript%3E",
      "/admin/paybill?after=~",
    ]) {
      const opened = await openAsOwner(path);
      expect(opened.status, path).toBe(200);
      expect(settledIds(opened), path).toEqual(newest);
    }
  }, 30_000);

  it(`lists the ${UNMATCHED_SHOWN} longest waiting of more, with the exact count, and counts the rest to 1,000`, async () => {
    await insertPayments(UNMATCHED_SHOWN + 7, "unmatched", "WU", "2026-02-01");
    await insertPayments(1_000, "matched", "MM", "2026-01-01");
    const waiting = await db
      .prepare("SELECT trans_id FROM c2b_payments WHERE status = 'unmatched' ORDER BY received_at, trans_id")
      .all<{ trans_id: string }>();
    const n = waiting.results.length;

    const page = await openAsOwner("/admin/paybill");
    expect(page.document.querySelector("[data-unmatched]")?.getAttribute("data-unmatched")).toBe(String(n));
    expect(textOf(page.document.querySelector("[data-unmatched]"))).toBe(`${n} payments wait to be assigned.`);
    expect(unmatchedIds(page)).toEqual(waiting.results.slice(0, UNMATCHED_SHOWN).map((r) => r.trans_id));
    expect(textOf(page.document.querySelector("[data-unmatched-beyond]"))).toBe(
      `These are the ${UNMATCHED_SHOWN} that have waited longest of ${n}: each one you assign makes room for the next.`,
    );
    const total = page.document.querySelector('[data-list="settled"] [data-total]');
    expect(total?.getAttribute("data-total")).toBe("more");
    expect(textOf(total)).toBe("More than 1,000 payments matched or assigned");
  }, 30_000);

  it("reads each list through its own index, never the whole table", async () => {
    const planOf = async (statement: Statement) => {
      const { sql, params } = "toSQL" in statement ? statement.toSQL() : { sql: "", params: [] };
      const { results } = await db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      return results.map((r) => r.detail).join("\n");
    };
    const listing = settledListing(db);
    expect(await planOf(listing.rows(51, "older", ["2026-03-02T10:00:05.000Z", "TM000001"]))).toMatch(
      /^SEARCH c2b_payments USING INDEX c2b_payments_settled \(\(received_at,trans_id\)<\(\?,\?\)\)$/,
    );
    expect(await planOf(listing.rows(51, "older"))).toBe("SCAN c2b_payments USING INDEX c2b_payments_settled");
    expect(await planOf(unmatchedPayments(db, UNMATCHED_SHOWN))).toMatch(/USING INDEX c2b_payments_unmatched/);
    expect(await planOf(unmatchedCount(db))).toMatch(/USING (COVERING )?INDEX c2b_payments_unmatched/);
  });
});
