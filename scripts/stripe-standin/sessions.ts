import { randomBytes } from "node:crypto";
import type { CreateParams, SessionLine } from "./checkout-params.ts";

export type StoredSession = {
  id: string;
  created: number;
  params: CreateParams;
  status: "open" | "complete" | "expired";
  paymentStatus: "unpaid" | "paid";
  /** Set when paid: the subscription or payment intent a real session would point to. */
  subscription: string | null;
  paymentIntent: string | null;
};

export function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "0")}`;
}

/** The sessions one stand-in has created, in memory for as long as it runs. */
export class SessionStore {
  readonly #sessions = new Map<string, StoredSession>();

  create(params: CreateParams): StoredSession {
    const session: StoredSession = {
      id: randomId("cs_test"),
      created: Math.floor(Date.now() / 1000),
      params,
      status: "open",
      paymentStatus: "unpaid",
      subscription: null,
      paymentIntent: null,
    };
    this.#sessions.set(session.id, session);
    return session;
  }

  get(id: string): StoredSession | undefined {
    return this.#sessions.get(id);
  }

  /** Marks an open session paid; paying twice (or paying an expired session) changes nothing. */
  complete(session: StoredSession): void {
    if (session.status !== "open") return;
    session.status = "complete";
    session.paymentStatus = "paid";
    if (session.params.mode === "subscription") session.subscription = randomId("sub_test");
    else session.paymentIntent = randomId("pi_test");
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

/** The session as Stripe's API returns it (the fields a site reads, plus `line_items` when expanded). */
export function sessionJson(session: StoredSession, payPageBase: string, expand: string[] = []) {
  const { params } = session;
  const total = sessionTotal(params.lines);
  return {
    id: session.id,
    object: "checkout.session",
    amount_subtotal: total,
    amount_total: total,
    cancel_url: params.cancelUrl,
    client_reference_id: params.clientReferenceId,
    created: session.created,
    currency: params.currency,
    customer: null,
    customer_email: params.customerEmail,
    expires_at: session.created + 24 * 60 * 60,
    livemode: false,
    metadata: params.metadata,
    mode: params.mode,
    payment_intent: session.paymentIntent,
    payment_status: session.paymentStatus,
    status: session.status,
    subscription: session.subscription,
    success_url: params.successUrl,
    ui_mode: "hosted_page",
    // Stripe clears the url once the session is complete.
    url: session.status === "open" ? `${payPageBase}/pay/${session.id}` : null,
    ...(expand.includes("line_items") ? { line_items: lineItemsJson(session) } : {}),
  };
}

function lineItemsJson(session: StoredSession) {
  return {
    object: "list",
    data: session.params.lines.map((line, i) => ({
      id: `li_${session.id.slice(8, 20)}${i}`,
      object: "item",
      amount_subtotal: line.unitAmount * line.quantity,
      amount_total: line.unitAmount * line.quantity,
      currency: line.currency,
      description: line.name,
      quantity: line.quantity,
      price: {
        object: "price",
        currency: line.currency,
        unit_amount: line.unitAmount,
        recurring: line.recurring,
        type: line.recurring ? "recurring" : "one_time",
      },
    })),
    has_more: false,
    url: `/v1/checkout/sessions/${session.id}/line_items`,
  };
}
