import { type CartPrices, CatalogueOutOfSyncError, cartPrices } from "../catalogue/stripe-prices.ts";
import type { Logger } from "../http/log.ts";
import type { WorkContext } from "../http/work-context.ts";
import { cartOrderItems } from "../orders/new-order.ts";
import { insertOrder, type NewOrder } from "../orders/orders.ts";
import {
  type CreatedCheckoutSession,
  createPaymentGateway,
  type PaymentGateway,
  PaymentProviderError,
  PaymentRefusedError,
  PaymentsNotConfiguredError,
  type StripeClientOptions,
} from "../providers/stripe.ts";
import type { PricedCart } from "./cart-pricing.ts";
import { checkoutSessionParams } from "./checkout-session.ts";
import type { CustomerInfo } from "./customer-info-schema.ts";

/** How starting a payment ended: the Stripe page to send the buyer to, or why there is none. */
export type CheckoutStart =
  | { kind: "started"; url: string }
  | { kind: "not-configured" | "out-of-sync" | "refused" | "provider-failed" | "not-recorded" };

export type CheckoutOptions = {
  /** Runs work after the answer (an abandoned session's expiry). */
  background: (work: Promise<void>) => Promise<void>;
  stripe?: StripeClientOptions;
};

/**
 * Opens a Stripe Checkout Session for a cart priced from our catalogue and records its order. The
 * url is handed out only once the order is stored: nobody may pay for an order we did not record.
 */
export async function startCheckout(
  { env, origin, log }: WorkContext,
  cart: PricedCart,
  customer: CustomerInfo,
  { background, stripe }: CheckoutOptions,
): Promise<CheckoutStart> {
  let gateway: PaymentGateway;
  try {
    gateway = createPaymentGateway(env, stripe);
  } catch (err) {
    if (!(err instanceof PaymentsNotConfiguredError)) throw err;
    log.error(`Payment refused: ${err.message}`, { error: err });
    return { kind: "not-configured" };
  }

  let prices: CartPrices;
  try {
    prices = await cartPrices(gateway, cart);
  } catch (err) {
    if (err instanceof CatalogueOutOfSyncError) {
      log.error(`Payment refused: ${err.message}`, { error: err });
      return { kind: "out-of-sync" };
    }
    if (!(err instanceof PaymentProviderError)) throw err;
    log.error(`Stripe prices could not be found: ${err.message}`, { error: err });
    return { kind: "provider-failed" };
  }

  const orderRef = crypto.randomUUID();
  const params = checkoutSessionParams(cart, prices, customer, origin, orderRef);
  let session: CreatedCheckoutSession;
  try {
    session = await gateway.createCheckoutSession(params, crypto.randomUUID());
  } catch (err) {
    if (!(err instanceof PaymentProviderError)) throw err;
    log.error(`Checkout Session could not be created: ${err.message}`, { error: err });
    return { kind: err instanceof PaymentRefusedError ? "refused" : "provider-failed" };
  }

  try {
    await insertOrder(env.DB, orderOf(session.id, orderRef, cart, customer));
  } catch (err) {
    log.error(`Order for Checkout Session ${session.id} could not be recorded`, {
      orderId: session.id,
      error: err,
    });
    await background(abandonSession(gateway, session.id, log));
    return { kind: "not-recorded" };
  }
  return { kind: "started", url: session.url };
}

/** The order row for a session: the catalogue's names and prices, never the browser's. */
/** A card order: keyed by its Checkout Session's id, which it also keeps as that session's. */
function orderOf(stripeSessionId: string, orderRef: string, cart: PricedCart, customer: CustomerInfo): NewOrder {
  return {
    orderId: stripeSessionId,
    stripeSessionId,
    orderRef,
    mode: cart.subscription ? "subscription" : "payment",
    customer,
    items: cartOrderItems(cart),
    totalCents: cart.totalCents,
  };
}

/** Best effort: a session whose url was never handed out would otherwise stay open for 24 hours. */
async function abandonSession(gateway: PaymentGateway, stripeSessionId: string, log: Logger): Promise<void> {
  try {
    await gateway.expireCheckoutSession(stripeSessionId);
  } catch (err) {
    log.error(`Unrecorded Checkout Session ${stripeSessionId} could not be expired`, {
      stripeSessionId,
      error: err,
    });
  }
}
