// The back office's Tax invoices (issue 34): every sale reported to KRA eTIMS or waiting to be, with
// KRA's numbers or its message, filtered by status, and the owner's "Send again now" for a waiting
// one: audited, same-origin only, behind the sign-in. This project runs without eTIMS configured.
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { EtimsSaleRow } from "../../src/db/etims-tables.ts";
import type { AuditRow } from "../../src/db/schema.ts";
import { formatMoney } from "../../src/lib/money.ts";
import { freshLimiterWindow } from "../support/limiter-window.ts";
import { openAsOwner, postAsOwner } from "./support/admin-forms.ts";
import { makeOrder, makePayment } from "./support/factories.ts";
import { queryAll, textOf } from "./support/html.ts";
import { SITE } from "./support/orders.ts";

// The first back-office page of a file renders cold: on a busy 2-core machine that alone can near 5 s.
vi.setConfig({ testTimeout: 15_000 });

import { testClientIp } from "./support/payment.ts";

const db = env.DB;

// Allowances are used up and then refused within one limiter window (see freshLimiterWindow).
beforeEach(() => freshLimiterWindow(3_000));

/** The eTIMS queue of this project records what it is given (tests/worker/support/stub-bindings.ts). */
const nudges = () => (env.ETIMS_QUEUE as unknown as { sent: { reason: string }[] }).sent;

let lastInvcNo = 0;

type SaleSeed = Partial<EtimsSaleRow> & { status: EtimsSaleRow["status"] };

/**
 * A paid payment for a new order (KES 2,500.00), its receipt and its sale in etims_sales, numbered
 * after every other sale of this file; the sale's invoice number, order and receipt.
 */
async function seedSale(seed: SaleSeed) {
  const invcNo = ++lastInvcNo;
  const number = `INV-2026-${String(invcNo).padStart(5, "0")}`;
  const orderId = await makeOrder({ customer_name: `Buyer of ${number}` });
  const paymentId = await makePayment({ order_id: orderId, amount_cents: 250_000, currency: "kes" });
  const receipt = `RCT-2026-${String(invcNo).padStart(5, "0")}`;
  const past = "2026-03-10T11:00:00.000Z";
  const row: Partial<EtimsSaleRow> = {
    branch_id: "00",
    invc_no: invcNo,
    payment_id: paymentId,
    trader_invoice_no: number,
    sold_at: past,
    next_attempt_at: "2026-03-10T12:00:00.000Z",
    created_at: past,
    ...seed,
  };
  const columns = Object.keys(row);
  await db.batch([
    db.prepare("INSERT INTO receipts (number, payment_id, access_key) VALUES (?, ?, 'k')").bind(receipt, paymentId),
    db
      .prepare(`INSERT INTO etims_sales (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
      .bind(...Object.values(row)),
  ]);
  return { number, orderId, receipt };
}

const waiting = (lastError: string | null = "KRA refused it: 910 Invalid customer PIN") =>
  seedSale({ status: "pending", attempts: 3, last_attempt_at: "2026-03-10T11:30:00.000Z", last_error: lastError });

const accepted = () =>
  seedSale({
    status: "accepted",
    attempts: 1,
    last_attempt_at: "2026-03-10T11:30:05.000Z",
    cur_rcpt_no: 7,
    tot_rcpt_no: 12,
    intrl_data: "INTRLDATA123",
    rcpt_sign: "SIGNATURE0KRA9XYZ",
    sdc_date_time: "20260310143009",
    accepted_at: "2026-03-10T11:30:05.000Z",
  });

async function saleRow(number: string): Promise<EtimsSaleRow> {
  const row = await db.prepare("SELECT * FROM etims_sales WHERE trader_invoice_no = ?").bind(number).first();
  if (!row) throw new Error(`no sale ${number}`);
  return row as EtimsSaleRow;
}

const retriesOf = async (number: string) =>
  (
    await db
      .prepare("SELECT * FROM admin_audit WHERE action = 'order.etims_retry' AND detail = ? ORDER BY id")
      .bind(number)
      .all<AuditRow>()
  ).results;

const retryPath = (number: string) => `/admin/invoices/${encodeURIComponent(number)}/retry`;

describe("/admin/invoices lists the tax invoices", () => {
  it("shows each sale with our number and KRA's, the order, the amount, the status and KRA's answer", async () => {
    const pending = await waiting();
    const done = await accepted();
    const { status, document, text } = await openAsOwner("/admin/invoices");
    expect(status).toBe(200);
    expect(textOf(document.querySelector("h1"))).toBe("Tax invoices");
    // Not configured here: the page says so, and still lists the sales.
    expect(textOf(document.querySelector("[data-etims-off]"))).toContain("ETIMS_* secrets");
    expect(text).toContain("docs/tax.md");
    const current = queryAll(document, '[aria-current="page"]').map((a) => a.getAttribute("href"));
    expect(current).toEqual(["/admin/invoices"]);

    const rowOf = (number: string) => document.querySelector(`tr[data-invoice="${number}"]`);
    const waitingRow = rowOf(pending.number);
    expect(waitingRow?.querySelector("[data-status]")?.getAttribute("data-status")).toBe("pending");
    expect(textOf(waitingRow)).toContain("Waiting for KRA");
    expect(textOf(waitingRow)).toContain(`KRA invoice no. ${waitingRow?.getAttribute("data-invc-no")}`);
    expect(waitingRow?.querySelector("[data-kra-message]")?.textContent).toBe(
      "KRA's message: KRA refused it: 910 Invalid customer PIN",
    );
    expect(textOf(waitingRow?.querySelector("[data-attempts]"))).toBe("3");
    expect(textOf(waitingRow?.querySelector("[data-last-attempt]"))).toBe("Last attempt 10 Mar 2026, 14:30");
    expect(textOf(waitingRow?.querySelector("[data-amount]"))).toContain(
      formatMoney(250_000, "kes").replace(/\s/g, " "),
    );
    expect(textOf(waitingRow)).toContain(`Buyer of ${pending.number}`);
    const orderLink = `/admin/orders?q=${pending.orderId}#order-${pending.orderId}`;
    expect(waitingRow?.querySelector(`a[href="${orderLink}"]`)).not.toBeNull();
    expect(waitingRow?.querySelector("[data-receipt]")?.getAttribute("href")).toBe(
      `/admin/receipts/${pending.receipt}`,
    );
    const form = waitingRow?.querySelector("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.getAttribute("action")).toBe(`/admin/invoices/${pending.number}/retry`);
    expect(textOf(form?.querySelector('button[type="submit"]'))).toBe("Send again now");

    const acceptedRow = rowOf(done.number);
    expect(acceptedRow?.querySelector("[data-status]")?.getAttribute("data-status")).toBe("accepted");
    expect(textOf(acceptedRow)).toContain("Accepted by KRA");
    const numbers = textOf(acceptedRow?.querySelector("[data-kra-numbers]"));
    expect(numbers).toContain("Receipt no. 7");
    expect(numbers).toContain("Total receipts no. 12");
    expect(numbers).toContain("SIGNATURE0KRA9XYZ");
    // KRA's YYYYMMDDhhmmss, in Nairobi's time as every other time of the back office.
    expect(numbers).toContain("Control unit time 10 Mar 2026, 14:30");
    expect(acceptedRow?.querySelector("[data-kra-message]")).toBeNull();
    expect(acceptedRow?.querySelector("form")).toBeNull();
    expect(acceptedRow?.querySelector("[data-receipt]")?.getAttribute("href")).toBe(`/admin/receipts/${done.receipt}`);

    // Newest number first.
    const listed = queryAll(document, "tr[data-invoice]").map((tr) => tr.getAttribute("data-invoice"));
    expect(listed.indexOf(done.number)).toBeLessThan(listed.indexOf(pending.number));
  });

  it("filters by status, as the owner's alert links ?status=pending", async () => {
    const pending = await waiting();
    const done = await accepted();
    const only = async (query: string) =>
      queryAll((await openAsOwner(`/admin/invoices?${query}`)).document, "tr[data-invoice]").map((tr) => [
        tr.getAttribute("data-invoice"),
        tr.querySelector("[data-status]")?.getAttribute("data-status"),
      ]);
    const waitingOnes = await only("status=pending");
    expect(waitingOnes).toContainEqual([pending.number, "pending"]);
    expect(waitingOnes.every(([, status]) => status === "pending")).toBe(true);
    const acceptedOnes = await only("status=accepted");
    expect(acceptedOnes).toContainEqual([done.number, "accepted"]);
    expect(acceptedOnes.every(([, status]) => status === "accepted")).toBe(true);
    expect(await only(`q=${pending.number}`)).toEqual([[pending.number, "pending"]]);

    const { document } = await openAsOwner("/admin/invoices?status=pending");
    const select = document.querySelector('search select[name="status"]');
    expect(queryAll(select as Element, "option").map((o) => [o.getAttribute("value"), textOf(o)])).toEqual([
      ["", "Any"],
      ["pending", "Waiting for KRA"],
      ["accepted", "Accepted by KRA"],
    ]);
    expect(select?.querySelector("option[selected]")?.getAttribute("value")).toBe("pending");
  });

  it("shows KRA's message as text, never as markup, and clips a long one", async () => {
    const marker = crypto.randomUUID();
    const hostile = await waiting(`<script>alert("${marker}")</script><img src=x onerror=alert(1)>`);
    const long = await waiting(`${"E".repeat(400)}`);
    const { body, document } = await openAsOwner("/admin/invoices");
    expect(body).not.toContain(`<script>alert("${marker}")`);
    expect(body).not.toContain("<img src=x");
    expect(queryAll(document, "script")).toEqual([]);
    const message = (number: string) =>
      document.querySelector(`tr[data-invoice="${number}"] [data-kra-message]`)?.textContent;
    expect(message(hostile.number)).toContain(`<script>alert("${marker}")</script><img src=x onerror=alert(1)>`);
    expect(message(long.number)).toBe(`KRA's message: ${"E".repeat(300)}…`);
  });
});

describe("POST /admin/invoices/:number/retry", () => {
  it("makes a waiting sale due now, audits it under its order, nudges the sender and says so", async () => {
    const sale = await waiting();
    const before = Date.now();
    const sent = nudges().length;
    const { res, status } = await postAsOwner(`${retryPath(sale.number)}?status=pending`, {});
    expect(status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/admin/invoices?status=pending&retried=1#invoice-${sale.number}`);
    expect(res.headers.get("Cache-Control")).toBe("no-store");

    const row = await saleRow(sale.number);
    expect(Date.parse(row.next_attempt_at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(row.next_attempt_at)).toBeLessThanOrEqual(Date.now());
    expect(row).toMatchObject({ status: "pending", attempts: 3 });
    expect(nudges().slice(sent)).toEqual([{ reason: `owner retry ${sale.number}` }]);
    const audit = await retriesOf(sale.number);
    expect(audit.map((a) => [a.actor, a.subject_kind, a.subject_id, a.detail])).toEqual([
      ["admin", "order", sale.orderId, sale.number],
    ]);

    const page = await openAsOwner(`/admin/invoices?status=pending&retried=1`);
    expect(textOf(page.document.querySelector('[data-notice="retried"]'))).toBe(
      "Sent to the queue: KRA is asked again now.",
    );
    const history = page.document.querySelector(`tr[data-invoice="${sale.number}"] [data-audit]`);
    expect(textOf(history)).toContain("Asked KRA again for a tax invoice by admin");
    // The order's own history shows it too.
    const order = await openAsOwner(`/admin/orders?q=${sale.orderId}`);
    expect(order.text).toContain("Asked KRA again for a tax invoice");
  });

  it("refuses (409) a sale KRA accepted, and changes nothing", async () => {
    const sale = await accepted();
    const before = await saleRow(sale.number);
    const sent = nudges().length;
    const { status, document } = await postAsOwner(retryPath(sale.number), {});
    expect(status).toBe(409);
    expect(textOf(document.querySelector("h1"))).toBe("Nothing sent");
    expect(textOf(document.body)).toContain("KRA has already accepted this tax invoice");
    expect(document.querySelector("main a")?.getAttribute("href")).toBe(`/admin/invoices#invoice-${sale.number}`);
    expect(await saleRow(sale.number)).toEqual(before);
    expect(await retriesOf(sale.number)).toEqual([]);
    expect(nudges().length).toBe(sent);
  });

  it.each(["INV-2026-99999", "INV-1", "abc", "<script>"])(
    "answers 404 for %s, with nothing changed",
    async (number) => {
      const sent = nudges().length;
      const { status, document } = await postAsOwner(retryPath(number), {});
      expect(status).toBe(404);
      expect(textOf(document.body)).toContain("No tax invoice has this number");
      expect(nudges().length).toBe(sent);
    },
  );

  it.each([
    [
      "another site's Origin and Sec-Fetch-Site: cross-site",
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    ],
    ["Sec-Fetch-Site: same-site", { Origin: "http://shop.example.com", "Sec-Fetch-Site": "same-site" }],
    ["neither header (curl)", { Origin: "", "Sec-Fetch-Site": "" }],
  ])("refuses (403) a post with %s, even signed in, and changes nothing", async (_label, headers) => {
    const sale = await waiting();
    const before = await saleRow(sale.number);
    const { status } = await postAsOwner(retryPath(sale.number), {}, headers);
    expect(status).toBe(403);
    expect(await saleRow(sale.number)).toEqual(before);
    expect(await retriesOf(sale.number)).toEqual([]);
  });

  it("asks for credentials (401) without them or with wrong ones, for the list and the retry", async () => {
    const sale = await waiting();
    const before = await saleRow(sale.number);
    for (const authorization of ["", `Basic ${btoa("admin:guess")}`]) {
      const { status } = await postAsOwner(retryPath(sale.number), {}, { Authorization: authorization });
      expect(status).toBe(401);
      const headers: Record<string, string> = { "CF-Connecting-IP": testClientIp() };
      if (authorization) headers.Authorization = authorization;
      const list = await exports.default.fetch(new Request(`${SITE}/admin/invoices`, { headers }));
      expect(list.status).toBe(401);
      expect(await list.text()).not.toContain(sale.number);
    }
    expect(await saleRow(sale.number)).toEqual(before);
    expect(await retriesOf(sale.number)).toEqual([]);
  });
});
