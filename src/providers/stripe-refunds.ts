/**
 * What refunds ask of Stripe: the payment intent a Checkout Session charged, a refund of it (with an
 * idempotency key: a retry never refunds twice), the refunds Stripe holds for it (the webhook's and
 * a retry's source of truth), and the session a payment intent belongs to.
 */
import type Stripe from "stripe";
import { PaymentProviderError, type StripeClient, stripeClient } from "./stripe.ts";
import type { StripeErrors } from "./stripe-sdk.ts";

/** A refund as Stripe holds it, in the fields the site reads. */
export type StripeRefund = {
  id: string;
  amountCents: number;
  currency: string;
  /** pending, requires_action, succeeded, failed or canceled. */
  status: string;
  paymentIntent: string | null;
  /** Ours, when the site made it: the refund's id in our books. */
  refundId: string | null;
  /** Why Stripe gave up on it, when it failed. */
  failureReason: string | null;
  /** Stripe's reason: duplicate, fraudulent, requested_by_customer… */
  reason: string | null;
  created: number;
};

type NewStripeRefund = { paymentIntent: string; amountCents: number; refundId: string };

export type RefundGateway = {
  /** The payment intent a one-off Checkout Session charged; null when it has none (unpaid, a subscription). */
  paymentIntentOfSession(sessionId: string): Promise<string | null>;
  /** The Checkout Session that charged this payment intent; null when none did. */
  sessionOfPaymentIntent(paymentIntent: string): Promise<string | null>;
  createRefund(refund: NewStripeRefund, idempotencyKey: string): Promise<StripeRefund>;
  /** Every refund of the payment intent, newest first (one page of 100: more refunds than any payment gets). */
  refundsOf(paymentIntent: string): Promise<StripeRefund[]>;
};

/**
 * Stripe refused the refund for what it asked (more than is left to refund, a payment already
 * refunded): the same request would be refused again. `code` is Stripe's.
 */
export class RefundRefusedError extends PaymentProviderError {
  override name = "RefundRefusedError";
  /** Stripe's own words, for the owner (they name amounts, never a key). */
  readonly stripeMessage: string;
  constructor(message: string, stripeMessage: string, options?: ErrorOptions) {
    super(message, options);
    this.stripeMessage = stripeMessage;
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === "string" ? value : value.id;

/** Stripe's refund as the site reads it. */
function refundOf(refund: Stripe.Refund): StripeRefund {
  return {
    id: refund.id,
    amountCents: refund.amount,
    currency: refund.currency,
    status: refund.status ?? "pending",
    paymentIntent: idOf(refund.payment_intent),
    refundId: refund.metadata?.refund_id ?? null,
    failureReason: refund.failure_reason ?? null,
    reason: refund.reason ?? null,
    created: refund.created,
  };
}

/** A 4xx about the request itself (not our key, a rate limit or a concurrent use of the key). */
function isRefusal(err: unknown, errors: StripeErrors): err is Stripe.errors.StripeError {
  if (!(err instanceof errors.StripeError) || err.statusCode === undefined) return false;
  if (err instanceof errors.StripeRateLimitError || err instanceof errors.StripeIdempotencyError) return false;
  return err.statusCode >= 400 && err.statusCode < 500 && ![401, 403, 409, 429].includes(err.statusCode);
}

/** What the log says of a failed call: type, status, code and request id, never the key. */
function describe(err: unknown, what: string, errors: StripeErrors): string {
  if (err instanceof errors.StripeError) {
    const parts = [err.type, err.statusCode && `HTTP ${err.statusCode}`, err.code, err.requestId, err.message];
    return `Stripe ${what} failed: ${parts.filter(Boolean).join(" | ")}`;
  }
  return `Stripe ${what} failed: ${err instanceof Error ? err.message : String(err)}`;
}

/** One call: its answer, or PaymentProviderError (RefundRefusedError for a refusal). */
async function attempt<T>(client: StripeClient, what: string, call: (stripe: Stripe) => Promise<T>): Promise<T> {
  const { stripe, errors } = await client();
  try {
    return await call(stripe);
  } catch (err) {
    const message = describe(err, what, errors);
    if (isRefusal(err, errors)) throw new RefundRefusedError(message, err.message.slice(0, 300), { cause: err });
    throw new PaymentProviderError(message, { cause: err });
  }
}

/** Throws PaymentsNotConfiguredError when Stripe is not configured. */
export function createRefundGateway(bindings: object): RefundGateway {
  const { client } = stripeClient(bindings);
  return {
    async paymentIntentOfSession(sessionId) {
      const session = await attempt(client, "session retrieve", (s) => s.checkout.sessions.retrieve(sessionId));
      return idOf(session.payment_intent);
    },
    async sessionOfPaymentIntent(paymentIntent) {
      const page = await attempt(client, "session list", (s) =>
        s.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 }),
      );
      return page.data[0]?.id ?? null;
    },
    async createRefund({ paymentIntent, amountCents, refundId }, idempotencyKey) {
      const refund = await attempt(client, "refund", (s) =>
        s.refunds.create(
          {
            payment_intent: paymentIntent,
            amount: amountCents,
            reason: "requested_by_customer",
            metadata: { refund_id: refundId },
          },
          { idempotencyKey },
        ),
      );
      return refundOf(refund);
    },
    async refundsOf(paymentIntent) {
      const page = await attempt(client, "refund list", (s) =>
        s.refunds.list({ payment_intent: paymentIntent, limit: 100 }),
      );
      return page.data.map(refundOf);
    },
  };
}
