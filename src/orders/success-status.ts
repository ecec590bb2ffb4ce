import type { Logger } from "../http/log.ts";
import {
  CheckoutSessionNotFoundError,
  createPaymentGateway,
  PaymentProviderError,
  PaymentsNotConfiguredError,
  type StripeClientOptions,
} from "../services/stripe.ts";
import { fulfilSession } from "./fulfilment.ts";
import type { OrderStatus } from "./order-status.ts";
import { statusFromSession } from "./order-status.ts";
import { getOrder, getOrderItems, type OrderWithItems } from "./repository.ts";

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
  env: Env,
  sessionId: string | undefined,
  logger: Logger,
  /** The site's origin, for links in the e-mails a payment seen here triggers. */
  origin: string,
  stripeOptions: StripeClientOptions = SUCCESS_PAGE_STRIPE,
): Promise<SuccessState> {
  if (sessionId === undefined) return { kind: "no-session" };
  if (!isSessionId(sessionId)) return { kind: "unknown" };

  // Only our own orders are looked up at Stripe: an id we never created is not ours to report on.
  const found = await getOrder(env.DB, sessionId);
  if (!found) return { kind: "unknown" };
  const order = { ...found, items: await getOrderItems(env.DB, sessionId) };
  if (order.status === "paid") return { kind: "paid", order };

  const observed = await askStripe(env, sessionId, stripeOptions, logger);
  if (observed === undefined) return stateOf(order);
  const result = await fulfilSession({ env, origin, log: logger }, sessionId, observed);
  const status = result.found ? result.status : order.status;
  return stateOf({ ...order, status });
}

function stateOf(order: OrderWithItems): SuccessState {
  return { kind: kindOf(order.status), order };
}

function kindOf(status: OrderStatus): "paid" | "pending" | "not-paid" {
  if (status === "paid") return "paid";
  if (status === "payment_failed" || status === "expired") return "not-paid";
  return "pending";
}

/** The status Stripe's session implies (null: nothing new), or undefined when Stripe could not say. */
async function askStripe(
  env: Env,
  sessionId: string,
  options: StripeClientOptions,
  logger: Logger,
): Promise<OrderStatus | null | undefined> {
  try {
    const session = await createPaymentGateway(env, options).retrieveCheckoutSession(sessionId);
    return statusFromSession(session);
  } catch (err) {
    const expected =
      err instanceof PaymentProviderError ||
      err instanceof PaymentsNotConfiguredError ||
      err instanceof CheckoutSessionNotFoundError;
    if (!expected) throw err;
    // The page then says "being confirmed" from what the database knows; the webhook will settle it.
    logger.error(`Success page could not confirm ${sessionId} with Stripe: ${err.message}`, { sessionId, error: err });
    return undefined;
  }
}
