import { randomBytes } from "node:crypto";
import type { CreateParams, SessionLine } from "./checkout-params.ts";
import { fixture } from "./fixtures.ts";

/** A session's line with the price it charges: the catalogue's, or an ad-hoc one made for a `price_data` line. */
export type PricedLine = SessionLine & { price: string; product: string };

/** How a pending bank debit will end, chosen on the test payment page. */
export type PendingOutcome = "succeeds" | "fails";

export type StoredSession = {
  id: string;
  created: number;
  params: CreateParams;
  lines: PricedLine[];
  status: "open" | "complete" | "expired";
  paymentStatus: "unpaid" | "paid";
  /** Set once paid (or pending): what a real session points to in its mode. */
  subscription: string | null;
  customer: string | null;
  invoice: string | null;
  paymentIntent: string | null;
  /** A bank debit still settling; null once it has succeeded or failed. */
  pending: PendingOutcome | null;
};

export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "0")}`;
}

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

/** The sessions one stand-in has created, in memory for as long as it runs. */
export class SessionStore {
  readonly #sessions = new Map<string, StoredSession>();

  create(params: CreateParams): StoredSession {
    const session: StoredSession = {
      id: randomId("cs_test"),
      created: unixNow(),
      params,
      lines: params.lines.map((line) => ({
        ...line,
        price: line.catalogue?.price ?? randomId("price"),
        product: line.catalogue?.product ?? randomId("prod"),
      })),
      status: "open",
      paymentStatus: "unpaid",
      subscription: null,
      customer: null,
      invoice: null,
      paymentIntent: null,
      pending: null,
    };
    this.#sessions.set(session.id, session);
    return session;
  }

  get(id: string): StoredSession | undefined {
    return this.#sessions.get(id);
  }

  /** The session whose payment made this payment intent (a one-off session, once paid). */
  byPaymentIntent(paymentIntent: string): StoredSession | undefined {
    for (const session of this.#sessions.values()) if (session.paymentIntent === paymentIntent) return session;
    return undefined;
  }

  /**
   * Completes an open session: paid by card, or unpaid while a bank debit settles. Paying twice
   * (or paying an expired session) changes nothing; false then.
   */
  complete(session: StoredSession, pending: PendingOutcome | null): boolean {
    if (session.status !== "open") return false;
    session.status = "complete";
    session.paymentStatus = pending ? "unpaid" : "paid";
    session.pending = pending;
    if (session.params.mode === "payment") session.paymentIntent = randomId("pi_test");
    return true;
  }

  /** Expires an open session, as Stripe does after 24 hours or on request; false if it was not open. */
  expire(session: StoredSession): boolean {
    if (session.status !== "open") return false;
    session.status = "expired";
    return true;
  }
}

export function sessionTotal(lines: SessionLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
}

/** The session as Stripe's API returns it (Stripe's example session, plus `line_items` when expanded). */
export function sessionJson(session: StoredSession, payPageBase: string, expand: string[] = []) {
  const { params } = session;
  const total = sessionTotal(params.lines);
  const example = fixture("checkout.session");
  const subscriptionMode = params.mode === "subscription";
  return {
    ...example,
    id: session.id,
    // The example's extras (conversion, shipping, custom text, recovery) are features this site
    // does not turn on; real sessions carry them empty.
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    amount_subtotal: total,
    amount_total: total,
    cancel_url: params.cancelUrl,
    client_reference_id: params.clientReferenceId,
    collected_information: null,
    created: session.created,
    currency: params.currency,
    currency_conversion: null,
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: session.customer,
    customer_creation: subscriptionMode ? null : "if_required",
    customer_details:
      session.status === "complete" ? { ...example.customer_details, email: params.customerEmail } : null,
    customer_email: params.customerEmail,
    expires_at: session.created + 24 * 60 * 60,
    invoice: session.invoice,
    invoice_creation: subscriptionMode ? null : { ...example.invoice_creation, enabled: false },
    livemode: false,
    managed_payments: { enabled: false },
    metadata: params.metadata,
    mode: params.mode,
    payment_intent: session.paymentIntent,
    payment_method_configuration_details: null,
    payment_status: session.paymentStatus,
    shipping_address_collection: null,
    shipping_cost: null,
    status: session.status,
    subscription: session.subscription,
    success_url: params.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: "hosted_page",
    // Stripe clears the url once the session is complete.
    url: session.status === "open" ? `${payPageBase}/pay/${session.id}` : null,
    ...(expand.includes("line_items") ? { line_items: lineItemsJson(session) } : {}),
  };
}

function lineItemsJson(session: StoredSession) {
  return {
    object: "list",
    data: session.lines.map((line, i) => ({
      id: `li_${session.id.slice(8, 20)}${i}`,
      object: "item",
      amount_subtotal: line.unitAmount * line.quantity,
      amount_total: line.unitAmount * line.quantity,
      currency: line.currency,
      description: line.name,
      quantity: line.quantity,
      price: {
        id: line.price,
        object: "price",
        currency: line.currency,
        product: line.product,
        unit_amount: line.unitAmount,
        recurring: line.recurring,
        type: line.recurring ? "recurring" : "one_time",
      },
    })),
    has_more: false,
    url: `/v1/checkout/sessions/${session.id}/line_items`,
  };
}
