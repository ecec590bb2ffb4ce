import type { WorkContext } from "../http/work-context.ts";
import { accountReferenceOf } from "../orders/order-reference.ts";
import type { OrderStatus } from "../orders/order-status.ts";
import { statusFromSession } from "../orders/order-status.ts";
import { claimStripeCheck, getOrderByStripeSession, getOrderItems, type OrderWithItems } from "../orders/orders.ts";
import { paymentDetails } from "../payments/payment-details.ts";
import {
  CheckoutSessionNotFoundError,
  createPaymentGateway,
  PaymentProviderError,
  PaymentsNotConfiguredError,
  type StripeClientOptions,
} from "../providers/stripe.ts";
import { whatsappCopy } from "../site/whatsapp-copy.ts";
import { fulfilSession, type SessionFacts } from "./fulfilment.ts";

/**
 * What /checkout/success may honestly say about a session id:
 * - paid: Stripe confirmed the payment;
 * - pending: the order exists, the payment is not confirmed yet (or Stripe could not be asked);
 * - not-paid: the payment failed or the session expired unpaid;
 * - unknown: no order of ours has this id (a typo, a foreign or forged id);
 * - no-session: no id at all (the spec's plain success page).
 */
export type SuccessState =
  | { kind: "paid"; order: OrderWithItems }
  | { kind: "pending"; order: OrderWithItems }
  | { kind: "not-paid"; order: OrderWithItems }
  | { kind: "unknown" }
  | { kind: "no-session" };

/**
 * A Checkout Session id as Stripe writes it. Anything else is answered "unknown" without a database
 * or Stripe call, so the success page cannot be used to probe Stripe with arbitrary strings.
 */
const SESSION_ID = /^cs_(test|live)_[A-Za-z0-9]{1,250}$/;

/**
 * However often the page is loaded (a buyer refreshing, or someone scripting it), Stripe is asked
 * about one session at most this often: Stripe's rate limit is the account's, shared with checkouts.
 */
const STRIPE_CHECK_INTERVAL_SECONDS = 30;

/** A buyer waits for this page: a slow Stripe gets a short leash, and the webhook settles the rest. */
const SUCCESS_PAGE_STRIPE: StripeClientOptions = { timeoutMs: 5_000, maxNetworkRetries: 0 };

function isSessionId(value: string): boolean {
  return SESSION_ID.test(value);
}

/**
 * Resolves what the buyer landing on the success page is told, running the same fulfilment as the
 * webhook: if Stripe says the session is paid, the order is marked paid here and now.
 */
export async function checkoutSuccessState(
  /** Its origin is for the links in the e-mails a payment seen here triggers. */
  context: WorkContext,
  stripeSessionId: string | undefined,
  /** null: answer from the database only (a client over its rate limit). */
  stripeOptions: StripeClientOptions | null = SUCCESS_PAGE_STRIPE,
): Promise<SuccessState> {
  const { env } = context;
  if (stripeSessionId === undefined) return { kind: "no-session" };
  if (!isSessionId(stripeSessionId)) return { kind: "unknown" };

  // Only our own orders are looked up at Stripe: an id we never created is not ours to report on.
  const found = await getOrderByStripeSession(env.DB, stripeSessionId);
  if (!found) return { kind: "unknown" };
  const order = { ...found, items: await getOrderItems(env.DB, found.order_id) };
  if (isSettled(order.status) || stripeOptions === null) return stateOf(order);
  if (!(await claimStripeCheck(env.DB, order.order_id, STRIPE_CHECK_INTERVAL_SECONDS))) return stateOf(order);

  const seen = await askStripe(context, stripeSessionId, stripeOptions);
  if (seen === undefined) return stateOf(order);
  const result = await fulfilSession(context, stripeSessionId, seen.observed, seen.facts);
  const status = result.found ? result.status : order.status;
  return stateOf({ ...order, status });
}

function stateOf(order: OrderWithItems): SuccessState {
  return { kind: kindOf(order.status), order };
}

/** Statuses no later look at Stripe changes: the page answers from the database. */
function isSettled(status: OrderStatus): boolean {
  return status === "paid" || status === "needs_review";
}

function kindOf(status: OrderStatus): "paid" | "pending" | "not-paid" {
  if (status === "paid") return "paid";
  if (status === "payment_failed" || status === "expired") return "not-paid";
  // needs_review and no_payment_required: the owner looks at it; to the buyer it is being confirmed.
  return "pending";
}

/** The status Stripe's session implies (null: nothing new) with its facts, or undefined when Stripe could not say. */
async function askStripe(
  { env, log }: WorkContext,
  stripeSessionId: string,
  options: StripeClientOptions,
): Promise<{ observed: OrderStatus | null; facts: SessionFacts } | undefined> {
  try {
    const session = await createPaymentGateway(env, options).retrieveCheckoutSession(stripeSessionId);
    return { observed: statusFromSession(session), facts: session };
  } catch (err) {
    const expected =
      err instanceof PaymentProviderError ||
      err instanceof PaymentsNotConfiguredError ||
      err instanceof CheckoutSessionNotFoundError;
    if (!expected) throw err;
    // The page then says "being confirmed" from what the database knows; the webhook will settle it.
    log.error(`Success page could not confirm ${stripeSessionId} with Stripe: ${err.message}`, {
      stripeSessionId,
      error: err,
    });
    return undefined;
  }
}

/** The owner's WhatsApp number (null when unset) and how the prefilled message names the order ("order ORD-…"). */
export type OrderChat = { number: string | null; reference: string };

/** An order that was not paid offers the owner's WhatsApp: its number (when set) and the order's reference. */
export async function orderChat(env: Env, state: SuccessState): Promise<OrderChat | undefined> {
  if (state.kind !== "not-paid") return undefined;
  const { whatsapp } = await paymentDetails(env);
  return { number: whatsapp, reference: whatsappCopy.order(accountReferenceOf(state.order)) };
}
