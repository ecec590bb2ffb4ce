// M-Pesa refunds (issue 35): Daraja's reversal of the whole payment, pending until its asynchronous
// Result comes to the secret result address naming the reversal's own ids, receipt and amount;
// a failed result and a queue timeout fail it (the amount is free again); forged results change
// nothing. Money the owner sent back by hand is recorded with its reference and done at once.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { openAsOwner } from "./support/admin-forms.ts";
import { textOf } from "./support/html.ts";
import {
  answerReversal,
  mailsOf,
  paidMpesaPayment,
  postToSite,
  refundsOf,
  refundThroughForm,
  resultPath,
  reversalOf,
  reviewRefund,
} from "./support/refunds.ts";

/** Daraja is given addresses on the site's origin, which must be https. */
const HTTPS = "https://example.com";

const reverse = (paymentId: string, amount = "1500.00") =>
  refundThroughForm({ payment: paymentId, way: "mpesa", amount, reason: "Paid twice" }, HTTPS);

/** A reversal asked for through the form, still pending; the stand-in's record of it. */
async function pendingReversal() {
  const paid = await paidMpesaPayment();
  expect((await reverse(paid.paymentId)).status).toBe(303);
  const reversal = await reversalOf(paid.receipt);
  if (!reversal) throw new Error("no reversal reached the stand-in");
  return { ...paid, reversal };
}

describe("an M-Pesa reversal", { timeout: 30_000 }, () => {
  it("is pending until its result; the result settles it once, with the buyer's e-mail", async () => {
    const { orderId, paymentId, receipt, reversal } = await pendingReversal();
    expect(reversal.request).toMatchObject({ transactionId: receipt, amount: 1500, receiverParty: "174379" });
    const [pending] = await refundsOf(paymentId);
    expect(pending).toMatchObject({
      status: "pending",
      channel: "mpesa",
      conversation_id: reversal.conversationId,
      originator_conversation_id: reversal.originatorConversationId,
    });
    expect(await mailsOf(orderId)).toEqual([]);
    const orders = await openAsOwner(`/admin/orders?q=${orderId}`);
    expect(textOf(orders.document.querySelector("[data-refunded]"))).toContain("Refund of KES");
    expect(textOf(orders.document.querySelector("[data-refunded]"))).toContain("in progress");

    const { url, body } = await answerReversal(reversal.conversationId, "succeed");
    expect(new URL(url).pathname).toBe(resultPath());
    const answer = await postToSite(url, body);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ResultCode: 0, ResultDesc: "Accepted" });
    const [done] = await refundsOf(paymentId);
    expect(done?.status).toBe("succeeded");
    expect(done?.mpesa_transaction_id).toMatch(/^[A-Z0-9]{10}$/);
    expect(await mailsOf(orderId)).toHaveLength(1);

    // Safaricom may send it twice: nothing more happens.
    expect((await postToSite(url, body)).status).toBe(200);
    const [again] = await refundsOf(paymentId);
    expect(again?.settled_at).toBe(done?.settled_at);
    expect(await mailsOf(orderId)).toHaveLength(1);
    const page = await openAsOwner(`/admin/orders?q=${orderId}`);
    expect(page.document.querySelector("[data-refunded]")?.getAttribute("data-refunded")).toBe("full");
  });

  it("a failed result marks it failed with M-Pesa's words, and the payment can be refunded again", async () => {
    const { orderId, paymentId, reversal } = await pendingReversal();
    const { url, body } = await answerReversal(reversal.conversationId, "fail", {
      resultCode: "R000002",
      resultDesc: "The OriginalTransactionID is invalid.",
    });
    expect((await postToSite(url, body)).status).toBe(200);
    const [failed] = await refundsOf(paymentId);
    expect(failed?.status).toBe("failed");
    expect(failed?.failure_reason).toBe(
      "M-Pesa did not reverse it: The OriginalTransactionID is invalid. (result R000002).",
    );
    expect(await mailsOf(orderId)).toEqual([]);
    const form = await openAsOwner(`/admin/refunds/new?payment=${paymentId}`);
    expect(form.document.querySelector("[data-left]")?.getAttribute("data-left")).toBe("150000");
  });

  it("a queue timeout fails it for another try; a result that comes after still counts, once", async () => {
    const { paymentId, reversal } = await pendingReversal();
    const timeout = await answerReversal(reversal.conversationId, "timeout");
    expect(new URL(timeout.url).pathname).toMatch(/\/timeout$/);
    expect((await postToSite(timeout.url, timeout.body)).status).toBe(200);
    const [timedOut] = await refundsOf(paymentId);
    expect(timedOut?.status).toBe("failed");
    expect(timedOut?.failure_reason).toContain("timed out in Daraja's queue");

    // M-Pesa did reverse it after all: its result names the same ids, receipt and amount.
    const result = {
      Result: {
        ResultType: 0,
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        OriginatorConversationID: reversal.originatorConversationId,
        ConversationID: reversal.conversationId,
        TransactionID: "SKE52PAWR9",
        ResultParameters: {
          ResultParameter: [
            { Key: "Amount", Value: 1500.0 },
            { Key: "OriginalTransactionID", Value: reversal.request.transactionId },
          ],
        },
      },
    };
    expect((await postToSite(resultPath(), result)).status).toBe(200);
    expect((await refundsOf(paymentId)).map((r) => r.status)).toEqual(["succeeded"]);
  });

  it("forged results change nothing: a wrong secret is 404, wrong ids, receipt or amount are ignored", async () => {
    const { orderId, paymentId, reversal } = await pendingReversal();
    const { body } = await answerReversal(reversal.conversationId, "succeed", { send: false });
    const result = (body as { Result: Record<string, unknown> }).Result;
    const params = result.ResultParameters as { ResultParameter: { Key: string; Value: unknown }[] };
    const withParam = (key: string, value: unknown) => ({
      Result: {
        ...result,
        ResultParameters: {
          ResultParameter: params.ResultParameter.map((p) => (p.Key === key ? { Key: key, Value: value } : p)),
        },
      },
    });
    const wrongSecret = await postToSite(resultPath("f".repeat(32)), body);
    expect(wrongSecret.status).toBe(404);
    expect((await postToSite(`/payments/reversal/${"a1".repeat(16)}x/result`, body)).status).toBe(404);
    const forgeries = [
      { Result: { ...result, ConversationID: "AG_20260101_forged0000000000" } },
      { Result: { ...result, OriginatorConversationID: "1234-5678-forged" } },
      withParam("OriginalTransactionID", "ABCDE12345"),
      withParam("Amount", 1),
      { Result: { ...result, TransactionID: "" } },
      "not json at all",
      { Result: "nothing" },
    ];
    for (const forged of forgeries) expect((await postToSite(resultPath(), forged)).status).toBe(200);
    expect((await refundsOf(paymentId)).map((r) => r.status)).toEqual(["pending"]);
    expect(await mailsOf(orderId)).toEqual([]);
    // A body far larger than any result is not read.
    expect((await postToSite(resultPath(), { Result: { pad: "x".repeat(20_000) } })).status).toBe(200);
    expect((await refundsOf(paymentId)).map((r) => r.status)).toEqual(["pending"]);
  });

  it("reverses a whole payment only: part of one is refused, and so is a second refund while one is pending", async () => {
    const { paymentId } = await paidMpesaPayment();
    const part = await reviewRefund({ payment: paymentId, way: "mpesa", amount: "500.00", reason: "Part" }, HTTPS);
    expect(part.status).toBe(409);
    expect(textOf(part.document.querySelector("[role=alert]"))).toContain("M-Pesa reverses a whole payment");
    expect((await reverse(paymentId)).status).toBe(303);
    const bank = await reviewRefund(
      { payment: paymentId, way: "bank", amount: "100.00", reason: "Extra", reference: "FT12345" },
      HTTPS,
    );
    expect(bank.status).toBe(409);
    expect(textOf(bank.document.querySelector("[role=alert]"))).toContain("still in progress");
    expect(await refundsOf(paymentId)).toHaveLength(1);
  });
});

describe("money the owner sent back by hand", () => {
  it("is recorded with its reference and done at once, e-mailed and audited", async () => {
    const { orderId, paymentId } = await paidMpesaPayment(2_000, "mpesa_paybill");
    const noReference = await reviewRefund({ payment: paymentId, way: "bank", amount: "500.00", reason: "Part" });
    expect(noReference.status).toBe(400);
    expect(textOf(noReference.document.querySelector("[role=alert]"))).toContain(
      "reference of the money you sent back",
    );
    const done = await refundThroughForm({
      payment: paymentId,
      way: "bank",
      amount: "500.00",
      reason: "Returned the unused hours",
      reference: "FT26ABC123",
    });
    expect(done.status).toBe(303);
    const [refund] = await refundsOf(paymentId);
    expect(refund).toMatchObject({
      status: "succeeded",
      channel: "bank",
      amount_cents: 50_000,
      reference: "FT26ABC123",
    });
    expect(await mailsOf(orderId)).toHaveLength(1);
    const audit = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM admin_audit WHERE subject_kind = 'payment' AND subject_id = ? AND action = 'payment.refund'",
    )
      .bind(paymentId)
      .first<{ n: number }>();
    expect(audit?.n).toBe(1);
    const orders = await openAsOwner(`/admin/orders?q=${orderId}`);
    expect(textOf(orders.document.querySelector("[data-refunded]"))).toMatch(
      /^Refunded KES\s?500\.00 of KES\s?2,000\.00$/,
    );
  });
});
