// Refunds reported to KRA as credit notes (issue 35, docs/tax.md): a refund that succeeded is a sale
// of its own, rcptTyCd "R" naming the refunded sale's invcNo, numbered from the same counter in the
// batch that settles it (no gap, none twice), sent after the sale it credits, in that sale's
// shillings; the OSCU stand-in checks it field by field. No refund, or none that succeeded, no note.
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { registerItems } from "../../../scripts/etims/register-items.ts";
import { reportWaitingSales } from "../../../src/etims/report-sales.ts";
import { nairobiToday } from "../../../src/payments/manual-payment-form.ts";
import { createOscuClient, readEtimsConfig } from "../../../src/providers/etims.ts";
import { WORKER_ADMIN_PASSWORD } from "../../support/secrets.ts";
import { openAsOwner, postAsOwner } from "../support/admin-forms.ts";
import { makeOrder, makePayment } from "../support/factories.ts";
import { textOf } from "../support/html.ts";
import { SITE } from "../support/orders.ts";
import { pdfPages } from "../support/quotes.ts";
import { paidCardOrder, refundsOf, refundThroughForm } from "../support/refunds.ts";
import { workContext } from "../support/work-context.ts";

const standin = () => env.ETIMS_API_BASE;

async function control<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${standin()}/__control/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.ok).toBe(true);
  return (await res.json()) as T;
}

type StandinSale = { invcNo: number; request: Record<string, unknown> };
const standinSales = async () => {
  const body = await control<{ sales: StandinSale[] } | StandinSale[]>("sales");
  return Array.isArray(body) ? body : body.sales;
};
const ourSales = async () =>
  (
    await env.DB.prepare("SELECT * FROM etims_sales ORDER BY invc_no").all<{
      invc_no: number;
      receipt_type: string;
      org_invc_no: number | null;
      trader_invoice_no: string;
      payment_id: string;
      status: string;
      kes_rate_x100: number | null;
    }>()
  ).results;

const runSender = () => reportWaitingSales(workContext());

/** A PDF of the back office, as the owner opens it: its type and its text. */
async function ownerPdf(path: string) {
  const res = await exports.default.fetch(`${SITE}${path}`, {
    headers: { Authorization: `Basic ${btoa(`admin:${WORKER_ADMIN_PASSWORD}`)}` },
  });
  const pages = await pdfPages(new Uint8Array(await res.arrayBuffer()));
  return { type: res.headers.get("Content-Type"), text: pages.join(" ").replace(/\s+/g, " ") };
}

/** A paybill payment of KES 3,000 the owner records against an order: the sale it makes. */
async function recordPaybill(): Promise<string> {
  const orderId = await makeOrder({ status: "expired", total_cents: 2_000 });
  const res = await postAsOwner("/admin/payments", {
    order: orderId,
    method: "mpesa_paybill",
    amount: "3,000.00",
    currency: "kes",
    reference: `SB${crypto.randomUUID().replaceAll("-", "").slice(0, 8).toUpperCase()}`,
    paid_on: nairobiToday(),
  });
  expect(res.status).toBe(303);
  const payment = await env.DB.prepare("SELECT payment_id FROM payments WHERE order_id = ?")
    .bind(orderId)
    .first<{ payment_id: string }>();
  return payment?.payment_id ?? "";
}

beforeEach(async () => {
  await control("reset", {});
  await control("mode", { mode: "normal" });
  await registerItems(createOscuClient(readEtimsConfig(env)), "B", () => {});
  await env.DB.prepare("DELETE FROM etims_sales").run();
  await env.DB.prepare("DELETE FROM etims_counters").run();
  await env.DB.prepare("DELETE FROM etims_sender_leases").run();
  // The counter starts again at 1 here: earlier tests' credit note numbers are forgotten with it.
  await env.DB.prepare("UPDATE refunds SET credit_note_branch = NULL, credit_note_invc_no = NULL").run();
});

describe("a refund is a KRA credit note", { timeout: 30_000 }, () => {
  it("numbered next in the refund's batch, naming the sale it credits, accepted by KRA after it", async () => {
    const paymentId = await recordPaybill();
    const sent = await refundThroughForm({
      payment: paymentId,
      way: "bank",
      amount: "1,000.00",
      reason: "Two hours not used",
      reference: "MPX7781234",
    });
    expect(sent.status).toBe(303);
    const [sale, note, ...more] = await ourSales();
    expect(more).toEqual([]);
    expect(sale).toMatchObject({ invc_no: 1, receipt_type: "S", payment_id: paymentId });
    expect(note).toMatchObject({
      invc_no: 2,
      receipt_type: "R",
      org_invc_no: 1,
      payment_id: paymentId,
      status: "pending",
    });
    expect(note?.trader_invoice_no).toMatch(/^CN-20\d\d-00002$/);
    const [refund] = await refundsOf(paymentId);
    expect(refund).toMatchObject({ credit_note_invc_no: 2, credit_note_branch: env.ETIMS_BRANCH_ID });
    // No credit note document before KRA has registered it.
    const pdfPath = `/admin/refunds/${refund?.refund_id}/credit-note`;
    expect((await openAsOwner(pdfPath)).status).toBe(404);

    expect(await runSender()).toMatchObject({ accepted: 2, refused: 0, failed: 0 });
    const [kraSale, kraNote] = await standinSales();
    expect(kraSale?.request).toMatchObject({ rcptTyCd: "S", orgInvcNo: 0, totAmt: 3000 });
    expect(kraNote?.request).toMatchObject({
      invcNo: 2,
      rcptTyCd: "R",
      orgInvcNo: 1,
      rfdRsnCd: "06",
      totAmt: 1000,
      pmtTyCd: "06",
    });
    expect(kraNote?.request.rfdDt).toMatch(/^\d{14}$/);
    expect(await control("sequence")).toMatchObject({ numbers: [1, 2], gapless: true, duplicates: [] });
    // The credit note sends no second tax invoice e-mail.
    const invoices = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'tax-invoice'").first<{
      n: number;
    }>();
    expect(invoices?.n).toBe(1);

    const page = await openAsOwner(sent.res.headers.get("Location") ?? "");
    expect(page.text).toContain(`${note?.trader_invoice_no}, registered with KRA`);
    expect(page.document.querySelector("[data-credit-note-link]")?.getAttribute("href")).toBe(pdfPath);

    const pdf = await ownerPdf(pdfPath);
    expect(pdf.type).toBe("application/pdf");
    expect(pdf.text).toContain("CREDIT NOTE");
    expect(pdf.text).toContain(note?.trader_invoice_no);
    expect(pdf.text).toContain(sale?.trader_invoice_no);
    expect(pdf.text).toContain("Amount refunded");
    expect(pdf.text).toMatch(/KES\s?1,000\.00/);
    expect(pdf.text).toContain("registered with KRA through eTIMS");
  });

  it("a card refund's note is in the shillings of the sale it credits, at that sale's rate", async () => {
    const { orderId } = await paidCardOrder();
    const [sale] = await ourSales();
    expect(sale?.kes_rate_x100).not.toBeNull();
    expect((await refundThroughForm({ payment: orderId, way: "card", amount: "50.00", reason: "Part" })).status).toBe(
      303,
    );
    const [, note] = await ourSales();
    expect(note).toMatchObject({ receipt_type: "R", org_invc_no: sale?.invc_no, kes_rate_x100: sale?.kes_rate_x100 });
    expect(await runSender()).toMatchObject({ accepted: 2 });
    const [, kraNote] = await standinSales();
    expect(kraNote?.request.totAmt).toBe(Math.round((5_000 * (sale?.kes_rate_x100 ?? 0)) / 100) / 100);
  });

  it("no credit note for a refund that has not succeeded, nor for a payment made before eTIMS", async () => {
    const before = await makeOrder({ status: "paid", provider: "manual" });
    const paymentId = await makePayment({
      order_id: before,
      provider: "bank_transfer",
      reference: `FT${crypto.randomUUID().slice(0, 8)}`,
      amount_cents: 10_000,
    });
    expect(
      (
        await refundThroughForm({
          payment: paymentId,
          way: "bank",
          amount: "100.00",
          reason: "Old",
          reference: "FT0001A",
        })
      ).status,
    ).toBe(303);
    expect((await refundsOf(paymentId))[0]?.status).toBe("succeeded");
    expect(await ourSales()).toEqual([]);

    // A card refund Stripe refuses fails, and numbers nothing.
    const { orderId, paymentIntent } = await paidCardOrder();
    await fetch(`${env.STRIPE_API_BASE}/__payment_intents/${paymentIntent}/refund`, { method: "POST" });
    expect((await refundThroughForm({ payment: orderId, way: "card", amount: "150.00", reason: "x" })).status).toBe(
      303,
    );
    expect((await refundsOf(orderId))[0]?.status).toBe("failed");
    expect((await ourSales()).map((s) => s.receipt_type)).toEqual(["S"]);
    const orders = await openAsOwner(`/admin/orders?q=${orderId}`);
    expect(textOf(orders.document.querySelector(`[data-order="${orderId}"]`))).toContain("Failed: $150.00");
  });
});
