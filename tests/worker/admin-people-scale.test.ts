// The People section at any size (issue 32, finding 5): a person is found by an indexed equality on
// their key, so 20,000 other addresses at their domain, sorting before theirs, hide nothing. Before,
// a domain's first 5,000 addresses were read and the rest were "nothing held".
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AuditRow } from "../../src/db/schema.ts";
import { possiblySameQuery } from "../../src/privacy/person-lookup-queries.ts";
import { personQueries } from "../../src/privacy/person-queries.ts";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";
import { makeMessage, makeOrder } from "./support/factories.ts";
import { seedPerson } from "./support/person.ts";

const db = env.DB;
const CROWD = 20_000;

const count = async (sql: string, ...values: unknown[]) =>
  (
    await db
      .prepare(sql)
      .bind(...values)
      .first<{ n: number }>()
  )?.n ?? 0;

/** 20,000 messages from other addresses at `domain` (a00001@…, which sort before the person's), in one statement. */
async function seedCrowd(domain: string): Promise<void> {
  await db
    .prepare(
      `INSERT INTO contact_messages (name, email, message)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       SELECT 'Someone else', printf('a%05d@%s', i, ?2), 'Not theirs' FROM n`,
    )
    .bind(CROWD, domain)
    .run();
  expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE email LIKE ?", `a%@${domain}`)).toBe(CROWD);
}

async function lastErasure(): Promise<AuditRow | null> {
  return db
    .prepare("SELECT * FROM admin_audit WHERE action = 'person.erased' ORDER BY id DESC LIMIT 1")
    .first<AuditRow>();
}

describe("a person among 20,000 other addresses at their domain", () => {
  it("at gmail.com: is found, exported and erased, and the others stay", async () => {
    await seedCrowd("gmail.com");
    const p = await seedPerson();
    const address = `${p.local}@gmail.com`;

    const page = await openAsOwner(`/admin/people?email=${encodeURIComponent(address)}`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("We hold nothing");
    expect(page.document.querySelector('[data-count="messages"]')?.textContent).toBe("(1)");
    expect(page.document.querySelector('[data-count="orders"]')?.textContent).toBe("(1)");
    expect(page.text).not.toContain("Not theirs");

    const exported = JSON.parse((await postAsOwner("/admin/people/export", { email: address })).body);
    expect(exported.complete).toBe(true);
    expect(exported.messages.map((m: { id: number }) => m.id)).toEqual([p.message]);
    expect(exported.orders.map((o: { reference: string }) => o.reference)).toEqual([p.order]);

    expect((await postAsOwner("/admin/people/erase", { email: address, confirm: address })).status).toBe(303);
    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE id = ?", p.message)).toBe(0);
    const record = await lastErasure();
    expect(record?.detail).not.toContain("Nothing held");
    expect(record?.detail).toContain("1 messages");
    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE email LIKE 'a%@gmail.com'")).toBe(CROWD);
  });

  it("at another domain: is found, exported and erased, and the others stay", async () => {
    const domain = "wanjiru-traders.co.ke";
    await seedCrowd(domain);
    const address = `zawadi-${crypto.randomUUID().slice(0, 8)}@${domain}`;
    const message = await makeMessage({ email: address, message: "Call me back" });
    const order = await makeOrder({ customer_email: address.toUpperCase(), status: "paid" });

    const page = await openAsOwner(`/admin/people?email=${encodeURIComponent(address)}`);
    expect(page.document.querySelector('[data-count="messages"]')?.textContent).toBe("(1)");
    expect(page.document.querySelector('[data-count="orders"]')?.textContent).toBe("(1)");

    const exported = JSON.parse((await postAsOwner("/admin/people/export", { email: address })).body);
    expect(exported.messages.map((m: { message: string }) => m.message)).toEqual(["Call me back"]);
    expect(exported.orders.map((o: { reference: string }) => o.reference)).toEqual([order]);

    expect((await postAsOwner("/admin/people/erase", { email: address, confirm: address })).status).toBe(303);
    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE id = ?", message)).toBe(0);
    expect(
      await count("SELECT COUNT(*) AS n FROM orders WHERE order_id = ? AND customer_email = '[erased]'", order),
    ).toBe(1);
    expect((await lastErasure())?.detail).toContain("1 messages");
    expect(await count("SELECT COUNT(*) AS n FROM contact_messages WHERE email LIKE ?", `a%@${domain}`)).toBe(CROWD);
  });
});

describe("how a person is read", () => {
  it("searches indexes only: no statement reads a table through", async () => {
    const keys = ["jane@gmail.com", "jane+shop@example.com"];
    const statements = [
      ...personQueries(db, keys),
      possiblySameQuery(db, "jane@example.com", "jane+shop@example.com", 11),
    ].map((statement) => statement.toSQL());
    for (const { sql, params: values } of statements) {
      const { results } = await db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...values)
        .all<{ detail: string }>();
      const steps = results.map((r) => r.detail);
      expect(steps.some((step) => step.startsWith("SEARCH"))).toBe(true);
      expect({ sql, scans: steps.filter((step) => step.startsWith("SCAN")) }).toEqual({ sql, scans: [] });
    }
  });
});
