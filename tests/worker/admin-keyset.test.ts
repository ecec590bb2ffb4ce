// Keyset pages of the back office (src/admin/keyset*.ts): a search no index answers is read in
// windows and stops at its time budget, saying where; following its link goes on with nothing
// skipped or shown twice. Counts stop at 1,000.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseAdminQuery } from "../../src/admin/admin-query.ts";
import { ordersListing } from "../../src/admin/admin-search-queries.ts";
import type { Cursor } from "../../src/admin/keyset.ts";
import { fetchKeysetPage, type KeysetPage, listingBatches } from "../../src/admin/keyset-page.ts";

const db = env.DB;
const tag = () => `ks${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;

/**
 * `count` orders named "Keyset <tag>", every third one "Match <tag>" instead, 7 to a minute (so
 * runs of equal times cross every window and page edge), plus `others` orders around them.
 */
async function seed(name: string, count: number, others = 0): Promise<string[]> {
  await db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO orders (order_id, order_ref, mode, status, customer_name, customer_email, customer_phone,
         customer_company, address, city, state, zip, country, total_cents, created_at)
       SELECT 'cs_ks_' || ?2 || '_' || printf('%05d', i), 'ord_ks_' || ?2 || '_' || i, 'payment', 'paid',
         CASE WHEN i % 3 = 0 THEN 'Match ' || ?2 ELSE 'Keyset ' || ?2 END, 'k' || i || '@example.com',
         '+254 722 000 000', NULL, '1 Road', 'Nairobi', 'Nairobi County', '00100', 'Kenya', 1000,
         strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || (i / 7) || ' minutes')
       FROM n`,
    )
    .bind(count + others, name)
    .run();
  const { results } = await db
    .prepare("SELECT order_id FROM orders WHERE customer_name = ? ORDER BY created_at DESC, order_id DESC")
    .bind(`Match ${name}`)
    .all<{ order_id: string }>();
  return results.map((r) => r.order_id);
}

/** The orders listing for a search, as if no index answered it (a phone fragment, two letters). */
function unindexed(q: string) {
  return { ...ordersListing(db, parseAdminQuery("orders", { q })), search: "scan" as const };
}

describe("a search no index answers", () => {
  it("stops at its budget, says where, and its link goes on: every match once, in order", async () => {
    const name = tag();
    const matches = await seed(name, 90);
    const listing = unindexed(`Match ${name}`);
    // No time at all: each request reads one window of 10 rows of the list and stops.
    const options = { windowRows: 10, budgetMs: 0, limit: 5 };
    const seen: string[] = [];
    let cursor: Cursor | null = null;
    let stops = 0;
    for (let guard = 0; guard < 500; guard++) {
      const page: KeysetPage<{ order_id: string }> = await fetchKeysetPage(db, listing, cursor, [], options);
      expect(page.total, "not counted: a count would read every row").toBeNull();
      seen.push(...page.rows.map((r) => r.order_id));
      if (page.stoppedAt) {
        stops++;
        expect(page.links.older?.toward).toBe("older");
        // It goes on from where it stopped reading, not from its last match.
        expect(page.links.older).toEqual({ toward: "older", key: page.stoppedAt });
      }
      cursor = page.links.older;
      if (!cursor) break;
    }
    expect(stops).toBeGreaterThan(0);
    // Orders of other tests may be older than these: the matches are the ones named for this one.
    expect(seen).toEqual(matches);
  });

  it("with time to spare, reads window after window until the page is full", async () => {
    const name = tag();
    const matches = await seed(name, 60);
    const page = await fetchKeysetPage<{ order_id: string }>(db, unindexed(`Match ${name}`), null, [], {
      windowRows: 10,
      budgetMs: 60_000,
      limit: 12,
    });
    expect(page.stoppedAt).toBeNull();
    expect(page.rows.map((r) => r.order_id)).toEqual(matches.slice(0, 12));
    expect(page.links.older).not.toBeNull();
  });

  it("matching nothing, it answers with no rows and a link on when it stopped early", async () => {
    const name = tag();
    await seed(name, 40);
    const page = await fetchKeysetPage(db, unindexed(`Nothing ${name}`), null, [], { windowRows: 10, budgetMs: 0 });
    expect(page.rows).toEqual([]);
    expect(page.stoppedAt).not.toBeNull();
    expect(page.links.older).not.toBeNull();
  });
});

describe("a search the index answers", () => {
  const pageAll = async (q: string, windowRows: number) => {
    const listing = ordersListing(db, parseAdminQuery("orders", { q }));
    expect(listing.search).toBe("index");
    const seen: string[] = [];
    let cursor: Cursor | null = null;
    let total: KeysetPage<unknown>["total"] = null;
    for (let guard = 0; guard < 100; guard++) {
      const page: KeysetPage<{ order_id: string }> = await fetchKeysetPage(db, listing, cursor, [], {
        windowRows,
        limit: 20,
      });
      total ??= page.total;
      seen.push(...page.rows.map((r) => r.order_id));
      cursor = page.links.older;
      if (!cursor) break;
    }
    return { seen, total };
  };

  it("text found in most rows fills each page from the newest window; paging finds every match once", async () => {
    const name = tag();
    await seed(name, 150);
    const { results } = await db
      .prepare("SELECT order_id FROM orders WHERE customer_name = ? ORDER BY created_at DESC, order_id DESC")
      .bind(`Keyset ${name}`)
      .all<{ order_id: string }>();
    const { seen, total } = await pageAll(`Keyset ${name}`, 40);
    expect(seen).toEqual(results.map((r) => r.order_id));
    expect(total).toEqual({ n: 100, more: false });
  });

  it("rarer text: the window's few matches, then the index's from the window's edge, in order", async () => {
    const name = tag();
    const matches = await seed(name, 150);
    // Windows of 10 rows hold 3 or 4 matches: every page needs the index past the window.
    const { seen, total } = await pageAll(`Match ${name}`, 10);
    expect(seen).toEqual(matches);
    expect(total).toEqual({ n: 50, more: false });
  });
});

describe("counts and exports", () => {
  it("counts exactly up to 1,000, then says more", async () => {
    const name = tag();
    await seed(name, 1_503);
    const all = await fetchKeysetPage(db, ordersListing(db, parseAdminQuery("orders", { q: `Keyset ${name}` })), null);
    // Under one window of orders in all (5,000), even a search no index answers is counted.
    expect(all.total).toEqual({ n: 1_000, more: true });
    const matched = await fetchKeysetPage(
      db,
      ordersListing(db, parseAdminQuery("orders", { q: `Match ${name}` })),
      null,
    );
    expect(matched.total).toEqual({ n: 501, more: false });
  });

  it("reads an export in batches that meet exactly, whatever the batch", async () => {
    const name = tag();
    const matches = await seed(name, 75);
    const listing = ordersListing(db, parseAdminQuery("orders", { q: `Match ${name}` }));
    for (const batch of [1, 7, 25, 1_000]) {
      const read: string[] = [];
      for await (const rows of listingBatches(db, listing, batch)) read.push(...rows.map((r) => String(r.order_id)));
      expect(read, `batches of ${batch}`).toEqual(matches);
    }
  });
});
