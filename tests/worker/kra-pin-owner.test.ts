// The buyer's KRA PIN as the owner sees it (issue 34): shown on the order, added, corrected or
// removed (audited) only until the order's tax invoice is reported to KRA, and in the owner's
// exports. The buyer's side: kra-pin.test.ts.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { AuditRow } from "../../src/db/schema.ts";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";
import { makeOrder, makePayment } from "./support/factories.ts";
import { orderRow } from "./support/orders.ts";

const MESSAGE = "Enter your KRA PIN like P051234567X, or leave it empty";
const db = env.DB;

// The first back-office page of a run loads the whole back office, and the exports draw every kind.
vi.setConfig({ testTimeout: 30_000 });

describe("the owner's correction of an order's KRA PIN", () => {
  const path = (orderId: string) => `/admin/orders/${orderId}/kra-pin`;
  const pinOf = async (orderId: string) => (await orderRow(orderId))?.customer_kra_pin;
  const auditOf = async (orderId: string) =>
    (
      await db
        .prepare("SELECT * FROM admin_audit WHERE action = 'order.kra_pin' AND subject_id = ? ORDER BY id")
        .bind(orderId)
        .all<AuditRow>()
    ).results;

  /** A paid payment of the order whose sale is in etims_sales with this status; its invoice number. */
  async function reportSale(orderId: string, status: "pending" | "accepted", nextAttempt = "2999-01-01T00:00:00.000Z") {
    const paymentId = await makePayment({ order_id: orderId, status: "paid", amount_cents: 15000, currency: "usd" });
    const now = new Date().toISOString();
    const invoice = `INV-TEST-${crypto.randomUUID()}`;
    await db
      .prepare(
        `INSERT INTO etims_sales (branch_id, invc_no, payment_id, trader_invoice_no, sold_at, status, next_attempt_at, created_at)
         VALUES (?, 1, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(`t-${crypto.randomUUID()}`, paymentId, invoice, now, status, nextAttempt, now)
      .run();
    return invoice;
  }
  const nextAttemptOf = async (invoice: string) =>
    (
      await db
        .prepare("SELECT next_attempt_at FROM etims_sales WHERE trader_invoice_no = ?")
        .bind(invoice)
        .first<{ next_attempt_at: string }>()
    )?.next_attempt_at;

  it("adds, corrects and removes it, each audited, and goes back to the order with a notice", async () => {
    const orderId = await makeOrder();
    const added = await postAsOwner(`${path(orderId)}?q=${orderId}`, { kraPin: " p051234567x " });
    expect(added.status).toBe(303);
    expect(added.res.headers.get("Location")).toBe(`/admin/orders?q=${orderId}&pin=saved#order-${orderId}`);
    expect(await pinOf(orderId)).toBe("P051234567X");

    const page = await openAsOwner(`/admin/orders?q=${orderId}&pin=saved`);
    expect(page.text).toContain("The buyer's KRA PIN was saved.");
    expect(page.text).toContain("KRA PIN P051234567X");
    expect(page.body).toContain(`action="${path(orderId)}?q=${orderId}"`);
    expect(page.document.querySelector(`label[for="kra-pin-${orderId}"]`)?.textContent).toBe("Buyer's KRA PIN");

    // The same PIN again changes nothing and writes no audit row.
    expect((await postAsOwner(path(orderId), { kraPin: "P051234567X" })).status).toBe(303);
    expect((await postAsOwner(path(orderId), { kraPin: "A123456789B" })).status).toBe(303);
    expect(await pinOf(orderId)).toBe("A123456789B");
    expect((await postAsOwner(path(orderId), { kraPin: "" })).status).toBe(303);
    expect(await pinOf(orderId)).toBeNull();

    const audit = await auditOf(orderId);
    expect(audit.map((row) => [row.actor, row.subject_kind, row.detail])).toEqual([
      ["admin", "order", "P051234567X (was none)"],
      ["admin", "order", "A123456789B (was P051234567X)"],
      ["admin", "order", "none (was A123456789B)"],
    ]);
  });

  it.each([
    ["a bad PIN", { kraPin: "P05123456X" }],
    ["markup", { kraPin: "<b>P051234567X</b>" }],
    ["no field at all", {}],
  ])("refuses %s with the sentence, changing nothing", async (_, form) => {
    const orderId = await makeOrder({ customer_kra_pin: "P051234567X" });
    const res = await postAsOwner(path(orderId), form);
    expect(res.status).toBe(400);
    expect(res.body).toContain(`${MESSAGE}. Nothing was saved.`);
    expect(await pinOf(orderId)).toBe("P051234567X");
    expect(await auditOf(orderId)).toEqual([]);
  });

  it("is allowed while the sale waits for KRA, and refused once KRA accepted it: no form, a forged post changes nothing", async () => {
    const orderId = await makeOrder({ customer_kra_pin: "P051234567X" });
    const waiting = await reportSale(orderId, "pending");
    const before = new Date().toISOString();
    expect((await postAsOwner(path(orderId), { kraPin: "A123456789B" })).status).toBe(303);
    expect(await pinOf(orderId)).toBe("A123456789B");
    // Refused by KRA for the old PIN, say: it goes again now rather than after its backoff.
    const next = Date.parse((await nextAttemptOf(waiting)) ?? "");
    expect(next).toBeGreaterThanOrEqual(Date.parse(before));
    expect(next).toBeLessThanOrEqual(Date.now());

    await reportSale(orderId, "accepted");
    const page = await openAsOwner(`/admin/orders?q=${orderId}`);
    expect(page.body).not.toContain(`action="${path(orderId)}`);
    expect(page.text).toContain("Buyer's KRA PIN: A123456789B. The tax invoice is reported to KRA");

    const forged = await postAsOwner(path(orderId), { kraPin: "" });
    expect(forged.status).toBe(409);
    expect(forged.body).toContain("already been reported to KRA");
    expect(await pinOf(orderId)).toBe("A123456789B");
    expect(await auditOf(orderId)).toHaveLength(1);
  });

  it("answers 404 for an unknown order, and refuses another site's post", async () => {
    expect((await postAsOwner(path("cs_test_nosuchorder"), { kraPin: "" })).status).toBe(404);
    const orderId = await makeOrder();
    const crossSite = await postAsOwner(
      path(orderId),
      { kraPin: "P051234567X" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    expect(await pinOf(orderId)).toBeNull();
  });
});

describe("the owner's exports", () => {
  it("name the PIN in the person's data export and the orders CSV", async () => {
    const email = `pin-${crypto.randomUUID()}@example.com`;
    const orderId = await makeOrder({ customer_email: email, customer_kra_pin: "P051234567X" });
    const exported = await postAsOwner("/admin/people/export", { email });
    expect(exported.status).toBe(200);
    const data = JSON.parse(exported.body) as { orders: { customer: { kra_pin: string | null } }[] };
    expect(data.orders[0]?.customer.kra_pin).toBe("P051234567X");

    const csv = await openAsOwner(`/admin/orders.csv?q=${orderId}`);
    const [header, row] = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    const column = header?.split(",").indexOf("KRA PIN") ?? -1;
    expect(column).toBeGreaterThan(0);
    expect(row?.split(",")[column]).toBe("P051234567X");
  });
});
