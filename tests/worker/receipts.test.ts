import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { receiptPath } from "../../src/paths.ts";
import { issueReceipt, sweepReceipts } from "../../src/receipts/issue-receipt.ts";
import { receiptByNumber } from "../../src/receipts/receipt-queries.ts";
import { envWith } from "./support/env.ts";
import { receiptRowsOf, setReceiptCounter } from "./support/factories.ts";
import { inYear, open, paidPayment, receiptText, stored } from "./support/receipts.ts";
import { workContext } from "./support/work-context.ts";

// Receipts draw PDFs (fonts decoded on the first); concurrent issues draw in parallel.
vi.setConfig({ testTimeout: 30_000 });

describe("numbering", () => {
  it("R-<year>-00001 and on, per year, from the Nairobi calendar", async () => {
    const first = await issueReceipt(workContext(), await paidPayment(), { now: inYear(2041) });
    const second = await issueReceipt(workContext(), await paidPayment(), { now: inYear(2041) });
    const otherYear = await issueReceipt(workContext(), await paidPayment(), { now: inYear(2042) });
    // 22:30 UTC on 31 December is already 1 January in Nairobi.
    const newYearsEve = await issueReceipt(workContext(), await paidPayment(), {
      now: new Date("2042-12-31T22:30:00.000Z"),
    });
    expect([first?.number, second?.number, otherYear?.number, newYearsEve?.number]).toEqual([
      "R-2041-00001",
      "R-2041-00002",
      "R-2042-00001",
      "R-2043-00001",
    ]);
    expect(first?.path).toBe(receiptPath("R-2041-00001", first?.accessKey ?? ""));
    expect(first?.accessKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("grows past five digits and the link still opens", async () => {
    await setReceiptCounter(2044, 99_998);
    const numbers = [];
    for (let i = 0; i < 3; i++)
      numbers.push((await issueReceipt(workContext(), await paidPayment(), { now: inYear(2044) }))?.number);
    expect(numbers).toEqual(["R-2044-99999", "R-2044-100000", "R-2044-100001"]);
    const ref = await issueReceipt(workContext(), await paidPayment(), { now: inYear(2044) });
    const res = await open(ref?.path ?? "");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
  });

  it("25 concurrent issues for one payment: one receipt, and the next payment's number follows on", async () => {
    const paymentId = await paidPayment();
    const refs = await Promise.all(
      Array.from({ length: 25 }, () => issueReceipt(workContext(), paymentId, { now: inYear(2045) })),
    );
    expect(new Set(refs.map((ref) => ref?.number))).toEqual(new Set(["R-2045-00001"]));
    expect(new Set(refs.map((ref) => ref?.accessKey)).size).toBe(1);
    expect(await receiptRowsOf(paymentId)).toHaveLength(1);
    const next = await issueReceipt(workContext(), await paidPayment(), { now: inYear(2045) });
    expect(next?.number).toBe("R-2045-00002");
  });

  it("10 payments at once: 10 distinct, consecutive numbers", async () => {
    const payments = await Promise.all(Array.from({ length: 10 }, () => paidPayment()));
    const refs = await Promise.all(payments.map((id) => issueReceipt(workContext(), id, { now: inYear(2046) })));
    const numbers = refs.map((ref) => ref?.number ?? "").sort();
    expect(numbers).toEqual(Array.from({ length: 10 }, (_, i) => `R-2046-${String(i + 1).padStart(5, "0")}`));
  });

  it("a failed or unknown payment gets no receipt and uses no number", async () => {
    const failed = await paidPayment({ status: "failed" });
    expect(await issueReceipt(workContext(), failed, { now: inYear(2047) })).toBeNull();
    expect(await issueReceipt(workContext(), "pi_no_such_payment", { now: inYear(2047) })).toBeNull();
    expect(await receiptRowsOf(failed)).toEqual([]);
    const next = await issueReceipt(workContext(), await paidPayment(), { now: inYear(2047) });
    expect(next?.number).toBe("R-2047-00001");
  });
});

/** The test env with the R2 bucket wrapped: its puts counted, or refused. */
function bucketWith(put: (original: R2Bucket["put"]) => R2Bucket["put"]) {
  const puts: string[] = [];
  const bucket = new Proxy(env.DOCUMENTS, {
    get: (target, key) => {
      if (key !== "put") return Reflect.get(target, key).bind(target);
      const original = target.put.bind(target);
      return ((key: string, ...rest: Parameters<R2Bucket["put"]> extends [string, ...infer R] ? R : never) => {
        puts.push(key);
        return put(original)(key, ...rest);
      }) as R2Bucket["put"];
    },
  });
  return { env: envWith({ DOCUMENTS: bucket }), puts };
}

describe("drawn once", () => {
  it("the first issue stores the PDF; a second returns the same receipt and leaves the PDF as it is", async () => {
    const paymentId = await paidPayment();
    const counted = bucketWith((put) => put);
    const ref = await issueReceipt(workContext(counted.env), paymentId);
    if (!ref) throw new Error("no receipt");
    expect(counted.puts).toEqual([`receipts/${ref.number}.pdf`]);
    expect((await receiptByNumber(env.DB, ref.number))?.stored_at).toMatch(/^\d{4}-/);
    const before = await stored(ref.number);
    await new Promise((resolve) => setTimeout(resolve, 5));

    expect(await issueReceipt(workContext(counted.env), paymentId)).toEqual(ref);
    expect(counted.puts).toHaveLength(1);
    expect(await stored(ref.number)).toEqual(before);
  });

  it("a failed store leaves the receipt unstored; the sweep draws and stores it", async () => {
    const paymentId = await paidPayment();
    const refusing = bucketWith(() => () => Promise.reject(new Error("R2 is down")));
    const ref = await issueReceipt(workContext(refusing.env), paymentId);
    if (!ref) throw new Error("no receipt");
    expect((await receiptByNumber(env.DB, ref.number))?.stored_at).toBeNull();
    expect(await stored(ref.number)).toBeNull();

    expect(await sweepReceipts(workContext())).toBeGreaterThanOrEqual(1);
    expect((await receiptByNumber(env.DB, ref.number))?.stored_at).not.toBeNull();
    expect((await receiptText(ref)).text).toContain(ref.number);
  });

  it("the link draws an unstored receipt on the spot and keeps it", async () => {
    const refusing = bucketWith(() => () => Promise.reject(new Error("R2 is down")));
    const ref = await issueReceipt(workContext(refusing.env), await paidPayment());
    const res = await open(ref?.path ?? "");
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect((await stored(ref?.number ?? ""))?.bytes).toEqual(bytes);
    expect((await receiptByNumber(env.DB, ref?.number ?? ""))?.stored_at).not.toBeNull();
  });
});
