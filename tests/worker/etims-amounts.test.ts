// The money of a tax invoice (issue 34): one rounding rule, lines that add up to what was paid, and
// a request whose sums KRA can check to the cent; every catalogue item has an eTIMS code; the OSCU
// override is loopback only.
import { describe, expect, it } from "vitest";
import { catalogue } from "../../src/catalogue/catalogue.ts";
import type { EtimsSaleRow } from "../../src/db/etims-tables.ts";
import type { OrderItemRow, PaymentRow } from "../../src/db/schema.ts";
import { itemCodeOf, registeredItemIds } from "../../src/etims/item-codes.ts";
import { saleAmounts, shareOut } from "../../src/etims/sale-amounts.ts";
import { saleRequest } from "../../src/etims/sale-request.ts";
import { nairobiStamp } from "../../src/lib/dates.ts";
import {
  EtimsMisconfiguredError,
  EtimsNotConfiguredError,
  etimsConfigOrNull,
  readEtimsConfig,
} from "../../src/providers/etims.ts";
import { splitInclusive, vatOnNet } from "../../src/tax/vat.ts";

const B = { registered: true, taxType: "B", ratePercent: 16 } as const;
const D = { registered: false, taxType: "D", ratePercent: 0 } as const;

const payment = (fields: Partial<PaymentRow>): PaymentRow =>
  ({
    payment_id: "pay_1",
    order_id: "ord_1",
    subscription_id: null,
    status: "paid",
    amount_cents: 0,
    currency: "usd",
    billing_reason: "checkout",
    provider: "stripe",
    ...fields,
  }) as PaymentRow;

const line = (item_id: string, unit: number, quantity: number, recurring = 0): OrderItemRow =>
  ({
    order_id: "ord_1",
    item_id,
    name: item_id,
    category: "Support",
    unit_amount_cents: unit,
    quantity,
    recurring,
  }) as OrderItemRow;

const sale = (fields: Partial<EtimsSaleRow> = {}): EtimsSaleRow =>
  ({
    branch_id: "00",
    invc_no: 7,
    receipt_type: "S",
    payment_id: "pay_1",
    org_invc_no: null,
    trader_invoice_no: "INV-2026-00007",
    kes_rate_x100: 12_950,
    sold_at: "2026-11-27T21:30:00.000Z",
    ...fields,
  }) as EtimsSaleRow;

const cents = (n: unknown) => Math.round(Number(n) * 100);

describe("VAT: one rounding rule", () => {
  it("splits every total so that net + VAT = total, VAT within a cent of 16% of the net, exact whenever it can be", () => {
    for (let total = 0; total < 200_000; total += 7) {
      const { netCents, vatCents } = splitInclusive(total, 16);
      expect(netCents + vatCents).toBe(total);
      expect(Math.abs(vatCents - netCents * 0.16)).toBeLessThan(1);
    }
    expect(splitInclusive(116_00, 16)).toEqual({ netCents: 100_00, vatCents: 16_00, totalCents: 116_00 });
    expect(vatOnNet(862_07, 16)).toBe(137_93);
    expect(splitInclusive(1_000_00, 16)).toEqual({ netCents: 862_07, vatCents: 137_93, totalCents: 1_000_00 });
    // KES 193,500.00 has no net whose rounded 16% makes it up: the fallback is within 0.6 of a cent.
    expect(splitInclusive(19_350_000, 16)).toEqual({
      netCents: 16_681_034,
      vatCents: 2_668_966,
      totalCents: 19_350_000,
    });
    expect(splitInclusive(5_000, 0)).toEqual({ netCents: 5_000, vatCents: 0, totalCents: 5_000 });
  });

  it("shares a total over lines by their prices, to the cent", () => {
    expect(shareOut(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareOut(1_000, [150, 50])).toEqual([750, 250]);
    expect(shareOut(7, [0, 0])).toEqual([0, 7]);
  });
});

describe("a payment's lines in shillings", () => {
  it("converts a card payment at the sale's rate and keeps every row's price × quantity exact", () => {
    const lines = [line("s1", 150_00, 1), line("e1", 20_00, 3)];
    const amounts = saleAmounts(payment({ amount_cents: 210_00 }), lines, B, 12_950);
    expect(amounts.currency).toBe("kes");
    expect(amounts.total.totalCents).toBe(27_195_00);
    for (const l of amounts.lines) {
      for (const row of l.rows) expect(row.unitCents * row.quantity).toBe(row.split.totalCents);
      expect(l.rows.reduce((n, r) => n + r.quantity, 0)).toBe(l.quantity);
    }
    expect(amounts.lines.reduce((n, l) => n + l.split.totalCents, 0)).toBe(27_195_00);
  });

  it("a part payment by M-Pesa pays part of each line, adding up to the shillings paid", () => {
    const amounts = saleAmounts(
      payment({ amount_cents: 10_001_00, currency: "kes", provider: "mpesa_express" }),
      [line("s1", 150_00, 1), line("e1", 20_00, 3)],
      B,
    );
    expect(amounts.total.totalCents).toBe(10_001_00);
    expect(amounts.total.netCents + amounts.total.vatCents).toBe(10_001_00);
  });

  it("a renewal pays the plan's recurring line only", () => {
    const amounts = saleAmounts(
      payment({ amount_cents: 375_00, subscription_id: "sub_1", billing_reason: "subscription_cycle" }),
      [line("pricing-business", 375_00, 1, 1), line("e1", 20_00, 1)],
      D,
      12_900,
    );
    expect(amounts.lines.map((l) => l.itemId)).toEqual(["pricing-business"]);
    expect(amounts.total).toEqual({ netCents: 48_375_00, vatCents: 0, totalCents: 48_375_00 });
  });
});

describe("saveTrnsSalesOsdc's request", () => {
  it("adds up to the cent: rows, per-type sums and totals, with Nairobi's date", () => {
    const body = saleRequest({
      sale: sale(),
      payment: payment({ amount_cents: 1_023_33 }),
      order: { customer_name: "Wanjiku", customer_company: "Duka Ltd", customer_kra_pin: "A123456789Z" } as never,
      lines: [line("s1", 150_00, 1), line("e1", 20_00, 7), line("m4", 1_500_00, 2)],
      vat: B,
      seller: { tin: "P051234567X", branchId: "00" },
    });
    const items = body.itemList as Record<string, number>[];
    for (const item of items) {
      expect(cents(item.prc) * Number(item.qty)).toBe(cents(item.splyAmt));
      expect(cents(item.taxblAmt) + cents(item.taxAmt)).toBe(cents(item.totAmt));
      expect(Math.abs(cents(item.taxAmt) - cents(item.taxblAmt) * 0.16)).toBeLessThan(1);
    }
    const sum = (key: string) => items.reduce((n, item) => n + cents(item[key]), 0);
    expect(cents(body.totAmt)).toBe(sum("totAmt"));
    expect(cents(body.taxblAmtB)).toBe(sum("taxblAmt"));
    expect(cents(body.taxAmtB)).toBe(sum("taxAmt"));
    expect(cents(body.totTaxblAmt) + cents(body.totTaxAmt)).toBe(cents(body.totAmt));
    expect(cents(body.totAmt)).toBe(Math.round((1_023_33 * 12_950) / 100));
    expect(body).toMatchObject({
      invcNo: 7,
      trdInvcNo: "INV-2026-00007",
      rcptTyCd: "S",
      pmtTyCd: "05",
      custTin: "A123456789Z",
    });
    expect(body.totItemCnt).toBe(items.length);
    expect(items.map((item) => item.itemSeq)).toEqual(items.map((_, i) => i + 1));
    // 21:30 UTC on the 27th is 00:30 on the 28th in Nairobi.
    expect(body).toMatchObject({ cfmDt: "20261128003000", salesDt: "20261128" });
    expect(nairobiStamp("2026-12-31T21:00:00.000Z")).toBe("20270101000000");
  });

  it("names the buyer's company, clipped to KRA's 60 characters, and strips control characters", () => {
    const body = saleRequest({
      sale: sale({ kes_rate_x100: null }),
      payment: payment({ amount_cents: 5_000_00, currency: "kes", provider: "mpesa_express" }),
      order: { customer_name: "x", customer_company: `Big\u0000Co ${"é".repeat(80)}`, customer_kra_pin: null } as never,
      lines: [line("e1", 20_00, 1)],
      vat: B,
      seller: { tin: "P051234567X", branchId: "00" },
    });
    expect(String(body.custNm)).toMatch(/^Big Co é+$/);
    expect(Array.from(String(body.custNm)).length).toBe(60);
    expect(body.custTin).toBeNull();
  });
});

describe("item codes and the OSCU address", () => {
  it("gives every catalogue item its own code", () => {
    const codes = [...catalogue.keys()].map(itemCodeOf);
    expect(codes.every((code) => code !== null && /^KE3NTU\d{7}$/.test(code))).toBe(true);
    expect(new Set(registeredItemIds().map(itemCodeOf)).size).toBe(registeredItemIds().length);
  });

  it("refuses an ETIMS_API_BASE off loopback, and reports nothing without PIN, serial and key", () => {
    const settings = { ETIMS_TIN: "P051234567X", ETIMS_DEVICE_SERIAL: "S1", ETIMS_CMC_KEY: "k" };
    expect(readEtimsConfig(settings).base).toBe("https://etims-api-sbx.kra.go.ke/etims-api");
    expect(() => readEtimsConfig({ ...settings, ETIMS_API_BASE: "https://evil.example" })).toThrow(
      EtimsNotConfiguredError,
    );
    expect(readEtimsConfig({ ...settings, ETIMS_API_BASE: "http://127.0.0.1:9" }).base).toBe("http://127.0.0.1:9");
    expect(() => readEtimsConfig({ ETIMS_TIN: "P051234567X" })).toThrow(EtimsNotConfiguredError);
    expect(() => readEtimsConfig({ ...settings, ETIMS_TIN: "nope" })).toThrow(/KRA PIN/);
    expect(readEtimsConfig({ ...settings, ETIMS_TIN: " p051234567x " }).tin).toBe("P051234567X");
    // Missing: nothing is reported. Unusable: reporting must not stop without a word, so it throws.
    expect(etimsConfigOrNull({ ETIMS_TIN: "P051234567X" })).toBeNull();
    expect(() => etimsConfigOrNull({ ...settings, ETIMS_ENV: "prod" })).toThrow(EtimsMisconfiguredError);
  });
});
