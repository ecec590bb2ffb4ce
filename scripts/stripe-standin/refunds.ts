// Refunds of a one-off Checkout Session's payment intent, as Stripe makes and lists them, the
// `charge.refunded` event each sends, and a refund made "in the dashboard" (a test control). Every
// POST /v1/refunds is logged (GET /__refunds) so tests can count what reached Stripe.
import type { IncomingMessage, ServerResponse } from "node:http";
import { pageParams } from "./catalogue-params.ts";
import { invalidRequest, StripeRequestError } from "./errors.ts";
import { fixture } from "./fixtures.ts";
import { type FormObject, flatForm, parseForm } from "./form.ts";
import { readBody, sendJson } from "./http.ts";
import { listJson } from "./lists.ts";
import { allowOnly, checkMetadata, integer, oneOf, optional, requiredString, text } from "./params.ts";
import { randomId, type SessionStore, type StoredSession, sessionJson, sessionTotal, unixNow } from "./sessions.ts";
import type { RecordedEvent, WebhookSender } from "./webhooks.ts";

export type StoredRefund = {
  id: string;
  amount: number;
  currency: string;
  charge: string;
  paymentIntent: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
};

/** One POST /v1/refunds as received: its form pairs, idempotency key and the status answered. */
export type RecordedRefundRequest = {
  form: Record<string, string>;
  idempotencyKey: string | null;
  status: number;
  receivedAt: string;
};

const REASONS = ["duplicate", "fraudulent", "requested_by_customer"] as const;

/** An API call's answer, as api.ts sends it. */
type ApiAnswer = { status: number; payload: unknown; headers?: Record<string, string> };

/** The refunds one stand-in made, the requests it got, and each payment intent's charge. */
export class RefundLedger {
  readonly refunds: StoredRefund[] = [];
  readonly requests: RecordedRefundRequest[] = [];
  readonly #charges = new Map<string, string>();

  chargeOf(paymentIntent: string): string {
    let charge = this.#charges.get(paymentIntent);
    if (!charge) {
      charge = randomId("ch_test");
      this.#charges.set(paymentIntent, charge);
    }
    return charge;
  }

  /** The payment intent's refunds, newest first, as Stripe lists them. */
  of(paymentIntent: string): StoredRefund[] {
    return this.refunds.filter((r) => r.paymentIntent === paymentIntent).reverse();
  }

  refunded(paymentIntent: string): number {
    return this.of(paymentIntent).reduce((sum, r) => sum + r.amount, 0);
  }
}

export type RefundDeps = {
  sessions: SessionStore;
  webhooks: WebhookSender;
  refunds: RefundLedger;
  base: () => string;
  replays: Map<string, { body: string; response: string }>;
};

/** An amount as Stripe's refusals write it: "$0.90", "KES 1,500.00". */
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(cents / 100);

function refundJson(refund: StoredRefund) {
  return {
    ...fixture("refund"),
    id: refund.id,
    amount: refund.amount,
    balance_transaction: randomId("txn"),
    charge: refund.charge,
    created: refund.created,
    currency: refund.currency,
    metadata: refund.metadata,
    payment_intent: refund.paymentIntent,
    reason: refund.reason,
    status: "succeeded",
  };
}

/** The session's charge as Stripe's charge.refunded event carries it, with its refunds. */
function chargeJson(ledger: RefundLedger, session: StoredSession, paymentIntent: string) {
  const amount = sessionTotal(session.params.lines);
  const refunded = ledger.refunded(paymentIntent);
  const charge = ledger.chargeOf(paymentIntent);
  return {
    ...fixture("charge"),
    id: charge,
    amount,
    amount_captured: amount,
    amount_refunded: refunded,
    captured: true,
    created: session.created,
    currency: session.params.currency,
    customer: session.customer,
    description: null,
    payment_intent: paymentIntent,
    refunded: refunded >= amount,
    refunds: {
      object: "list",
      data: ledger.of(paymentIntent).map(refundJson),
      has_more: false,
      url: `/v1/charges/${charge}/refunds`,
    },
    source: null,
    transfer_data: null,
  };
}

function paidSession(deps: RefundDeps, paymentIntent: string): StoredSession {
  const session = deps.sessions.byPaymentIntent(paymentIntent);
  if (!session)
    throw invalidRequest(`No such payment_intent: '${paymentIntent}'`, "payment_intent", "resource_missing");
  return session;
}

/**
 * Refunds the payment intent as Stripe does: the rest of the charge when no amount is given, never
 * more than is left, and never a charge refunded in full; then sends charge.refunded.
 */
export async function refundPayment(
  deps: RefundDeps,
  paymentIntent: string,
  asked: { amount?: number; reason?: string | null; metadata?: Record<string, string> },
): Promise<{ refund: StoredRefund; event: RecordedEvent | null }> {
  const session = paidSession(deps, paymentIntent);
  const { currency } = session.params;
  const charged = sessionTotal(session.params.lines);
  const left = charged - deps.refunds.refunded(paymentIntent);
  const charge = deps.refunds.chargeOf(paymentIntent);
  if (left <= 0)
    throw invalidRequest(`Charge ${charge} has already been refunded.`, undefined, "charge_already_refunded");
  const amount = asked.amount ?? left;
  if (amount > left) {
    throw invalidRequest(
      `Refund amount (${money(amount, currency)}) is greater than unrefunded amount on charge (${money(left, currency)})`,
      "amount",
      "amount_too_large",
    );
  }
  const refund: StoredRefund = {
    id: randomId("re_test"),
    amount,
    currency,
    charge,
    paymentIntent,
    reason: asked.reason ?? null,
    metadata: asked.metadata ?? {},
    created: unixNow(),
  };
  deps.refunds.refunds.push(refund);
  const event = await deps.webhooks.send(
    "charge.refunded",
    chargeJson(deps.refunds, session, paymentIntent),
    session.id,
  );
  return { refund, event };
}

/** POST /v1/refunds: `payment_intent`, `amount`, `reason`, `metadata[k]`, replayed by idempotency key. */
async function createRefund(deps: RefundDeps, body: string, key: string | null): Promise<ApiAnswer> {
  const previous = key ? deps.replays.get(key) : undefined;
  if (previous) {
    if (previous.body !== body) {
      throw new StripeRequestError(
        400,
        "idempotency_error",
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    return { status: 200, payload: JSON.parse(previous.response), headers: { "Idempotent-Replayed": "true" } };
  }
  const form = parseForm(body);
  allowOnly(form, ["payment_intent", "amount", "reason", "metadata"], "");
  const paymentIntent = requiredString(form, "payment_intent", "payment_intent");
  const amount = optional(form.amount, (v) => integer(text(v, "amount"), "amount", 1, 99_999_999));
  const reason = optional(form.reason, (v) => oneOf(v, REASONS, "reason")) ?? null;
  const metadata = checkMetadata(form.metadata, "metadata");
  const { refund } = await refundPayment(deps, paymentIntent, { amount, reason, metadata });
  const payload = refundJson(refund);
  if (key) deps.replays.set(key, { body, response: JSON.stringify(payload) });
  return { status: 200, payload };
}

/** A list's query as a form, checked against what the endpoint takes. */
function listQuery(url: URL, allowed: string[]): FormObject {
  const query = parseForm(url.search.slice(1));
  allowOnly(query, [...allowed, "limit", "starting_after", "ending_before"], "");
  return query;
}

/** POST /v1/refunds, GET /v1/refunds?payment_intent=…, GET /v1/checkout/sessions?payment_intent=…; null for any other call. */
export async function refundApi(
  deps: RefundDeps,
  request: { method: string; url: URL; body: string; idempotencyKey: string | null },
): Promise<ApiAnswer | null> {
  const { method, url } = request;
  if (method === "POST" && url.pathname === "/v1/refunds") {
    const record: RecordedRefundRequest = {
      form: safeFlatForm(request.body),
      idempotencyKey: request.idempotencyKey,
      status: 0,
      receivedAt: new Date().toISOString(),
    };
    deps.refunds.requests.push(record);
    try {
      const answer = await createRefund(deps, request.body, request.idempotencyKey);
      record.status = answer.status;
      return answer;
    } catch (err) {
      if (err instanceof StripeRequestError) record.status = err.status;
      throw err;
    }
  }
  if (method === "GET" && url.pathname === "/v1/refunds") {
    const query = listQuery(url, ["payment_intent"]);
    const paymentIntent = optional(query.payment_intent, (v) => text(v, "payment_intent"));
    const all = paymentIntent ? deps.refunds.of(paymentIntent) : [...deps.refunds.refunds].reverse();
    return { status: 200, payload: listJson(all, pageParams(query), "/v1/refunds", refundJson, "refund") };
  }
  if (method === "GET" && url.pathname === "/v1/checkout/sessions") {
    const query = listQuery(url, ["payment_intent"]);
    const paymentIntent = optional(query.payment_intent, (v) => text(v, "payment_intent"));
    const session = paymentIntent ? deps.sessions.byPaymentIntent(paymentIntent) : undefined;
    const page = listJson(
      session ? [session] : [],
      pageParams(query),
      "/v1/checkout/sessions",
      (s) => sessionJson(s, deps.base()),
      "checkout.session",
    );
    return { status: 200, payload: page };
  }
  return null;
}

const REFUND_CONTROL = /^\/__payment_intents\/([A-Za-z0-9_]+)\/refund$/;

/**
 * Test controls: GET /__refunds (the refunds made and every POST /v1/refunds received), and POST
 * /__payment_intents/:id/refund `amount`, `reason` (query or form), a refund made in Stripe's
 * dashboard: no idempotency key, no metadata, the same event. False when the path is neither.
 */
export async function refundControlRoute(
  deps: RefundDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  if (req.method === "GET" && url.pathname === "/__refunds") {
    sendJson(res, 200, { refunds: deps.refunds.refunds, requests: deps.refunds.requests });
    return true;
  }
  const match = req.method === "POST" ? REFUND_CONTROL.exec(url.pathname) : null;
  if (!match?.[1]) return false;
  const params = new URLSearchParams(url.searchParams);
  for (const [k, v] of new URLSearchParams(await readBody(req))) params.set(k, v);
  try {
    const amountText = params.get("amount");
    const amount = amountText === null ? undefined : integer(amountText, "amount", 1, 99_999_999);
    const reason = params.get("reason");
    const made = await refundPayment(deps, match[1], {
      amount,
      reason: reason === null ? null : oneOf(reason, REASONS, "reason"),
    });
    sendJson(res, 200, { refund: refundJson(made.refund), events: made.event ? [made.event] : [] });
  } catch (err) {
    if (!(err instanceof StripeRequestError)) throw err;
    sendJson(res, err.status, err.body);
  }
  return true;
}

function safeFlatForm(body: string): Record<string, string> {
  try {
    return flatForm(body);
  } catch {
    return {};
  }
}
