/**
 * The funnel's last step (docs/insight.md): a payment that succeeded or failed, by channel, with
 * M-Pesa's result code. Written where the payment is known, from Stripe's or Daraja's word or the
 * owner's record, so it has no visitor: no page, no network, no hash.
 */
import type { InsightChannel, InsightOutcome } from "./event-point.ts";
import { type EventSink, writeEvent } from "./event-writer.ts";

export type PaymentOutcome = { channel: InsightChannel; outcome: InsightOutcome; resultCode?: string };

export function recordPaymentOutcome(sink: EventSink, payment: PaymentOutcome): void {
  writeEvent(sink, {
    event: "payment",
    route: "",
    referrer: "",
    country: "",
    device: "",
    visitor: "",
    channel: payment.channel,
    outcome: payment.outcome,
    resultCode: payment.resultCode ?? "",
    audience: "human",
  });
}

/** Which channel a ledger line's provider is, as the funnel names them. */
const channelOfProvider: Record<string, InsightChannel> = {
  stripe: "card",
  mpesa_express: "mpesa",
  mpesa_paybill: "paybill",
  bank_transfer: "bank",
};

/**
 * A ledger line newly paid. Renewals (a subscription's later invoices, a plan's later months) are
 * not a step of the funnel and are left out: a plan's first payment is (billing_reason
 * "subscription_create"). Revenue is read from D1, not from these events.
 */
export function recordPaidLine(sink: EventSink, line: { provider: string; billing_reason: string }): void {
  const channel = channelOfProvider[line.provider];
  const renewal = line.billing_reason.startsWith("subscription_") && line.billing_reason !== "subscription_create";
  if (renewal || !channel) return;
  recordPaymentOutcome(sink, { channel, outcome: "succeeded", resultCode: channel === "mpesa" ? "0" : "" });
}
