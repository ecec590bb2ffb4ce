import { z } from "zod";

/**
 * The parts of Stripe's objects the site reads, in the current API's shapes (a subscription's
 * period is on its items; an invoice names its subscription under parent.subscription_details).
 * Everything else in a payload is ignored; a field the site needs that is missing or of the wrong
 * type makes the event "not understood" rather than guessed at.
 */
const id = z.string().min(1);
/** Stripe writes expandable references as an id or as the expanded object. */
const ref = z.union([id, z.object({ id })]).transform((value) => (typeof value === "string" ? value : value.id));
const metadata = z.record(z.string(), z.string()).nullish();

export const checkoutSessionObject = z.object({
  object: z.literal("checkout.session"),
  id,
  status: z.string().nullish(),
  payment_status: z.string().nullish(),
  amount_total: z.number().int().nullish(),
  currency: z.string().nullish(),
  subscription: ref.nullish(),
  customer: ref.nullish(),
  client_reference_id: z.string().nullish(),
});

export const subscriptionObject = z.object({
  object: z.literal("subscription"),
  id,
  status: z.string(),
  customer: ref.nullish(),
  metadata,
  cancel_at_period_end: z.boolean().nullish(),
  cancel_at: z.number().nullish(),
  canceled_at: z.number().nullish(),
  /** Older API versions only; newer ones keep it on each item. */
  current_period_end: z.number().nullish(),
  items: z.object({ data: z.array(z.object({ current_period_end: z.number().nullish() })) }).nullish(),
});
export type SubscriptionObject = z.infer<typeof subscriptionObject>;

export const invoiceObject = z.object({
  object: z.literal("invoice"),
  id,
  customer: ref.nullish(),
  amount_paid: z.number().int(),
  amount_due: z.number().int(),
  currency: z.string(),
  billing_reason: z.string().nullish(),
  period_start: z.number().nullish(),
  period_end: z.number().nullish(),
  /** Older API versions. */
  subscription: ref.nullish(),
  parent: z
    .object({
      subscription_details: z.object({ subscription: ref.nullish(), metadata }).nullish(),
    })
    .nullish(),
  lines: z
    .object({ data: z.array(z.object({ period: z.object({ start: z.number(), end: z.number() }).nullish() })) })
    .nullish(),
});
export type InvoiceObject = z.infer<typeof invoiceObject>;

/** Unix seconds as the ISO text the database keeps. */
export function isoFromUnix(seconds: number | null | undefined): string | null {
  return typeof seconds === "number" && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;
}

export function subscriptionPeriodEnd(sub: SubscriptionObject): string | null {
  const ends = (sub.items?.data ?? []).map((item) => item.current_period_end ?? 0).filter((end) => end > 0);
  return isoFromUnix(ends.length > 0 ? Math.max(...ends) : sub.current_period_end);
}

export function invoiceSubscription(invoice: InvoiceObject): { id: string | null; orderRef: string | null } {
  const details = invoice.parent?.subscription_details;
  return { id: details?.subscription ?? invoice.subscription ?? null, orderRef: details?.metadata?.order_ref ?? null };
}

/** The service period an invoice pays for: its lines' period when present (renewals), else its own. */
export function invoicePeriod(invoice: InvoiceObject): { start: string | null; end: string | null } {
  const periods = (invoice.lines?.data ?? []).flatMap((line) => (line.period ? [line.period] : []));
  if (periods.length > 0) {
    return {
      start: isoFromUnix(Math.min(...periods.map((p) => p.start))),
      end: isoFromUnix(Math.max(...periods.map((p) => p.end))),
    };
  }
  return { start: isoFromUnix(invoice.period_start), end: isoFromUnix(invoice.period_end) };
}
